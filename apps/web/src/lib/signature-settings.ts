import { apiClient } from './api-client';

// Shared by the inbox (the signed-in user's prompts) and the clinic settings screen (editing them).

/** Signature settings of a clinic ('0': clinic-wide) or of one user there; prompt lists as arrays. */
export type SignatureSettings = {
  userId: string;
  crmPrompts: string[];
  wcdPrompts: string[];
  sleepPrompts: string[];
  abpmPrompts: string[];
  rpmPrompts: string[];
  noIssuesNote: string;
  quickSignNote: string;
  bulkSignNote: string;
  rpmSelectByDos: boolean;
  bulkSignEnabled: boolean;
  isDefault: boolean;
};

export const signatureSettingsPath = (npi: string, userId: string) =>
  `/api/customers/clinics/${encodeURIComponent(npi)}/signature-settings/${encodeURIComponent(userId)}`;

/** GET /api/customers/clinics/:npi/signature-settings/:userId: the user's own, else the clinic's, else the defaults. */
export function getSignatureSettings(
  { npi, userId }: { npi: string; userId: string },
  options: { signal?: AbortSignal } = {},
): Promise<SignatureSettings> {
  return apiClient.get<SignatureSettings>(signatureSettingsPath(npi, userId), { signal: options.signal });
}

/** One cache entry per clinic and user, so a change saved on the settings screen shows in the inbox at once. */
export const signatureSettingsQueryKey = (npi: string, userId: string) =>
  ['clinics', 'signature-settings', npi, userId] as const;
