import type { EffectiveSignatureSettings } from '@portal/domain';
import { apiClient } from './api-client';

// Shared by the inbox (the signed-in user's prompts) and the clinic settings screen (editing them).

/** Signature settings of a clinic ('0': clinic-wide) or of one user there, as they apply; declared in the domain. */
export type SignatureSettings = EffectiveSignatureSettings;

export const signatureSettingsPath = (npi: string, userId: string) =>
  `/api/customers/clinics/${encodeURIComponent(npi)}/signature-settings/${encodeURIComponent(userId)}`;

/** GET /api/customers/clinics/:npi/signature-settings/:userId: the user's own, else the clinic's, else the defaults. */
export function getSignatureSettings(
  { npi, userId }: { npi: string; userId: string },
  options: { signal?: AbortSignal } = {},
): Promise<SignatureSettings> {
  return apiClient.get<SignatureSettings>(signatureSettingsPath(npi, userId), { signal: options.signal });
}
