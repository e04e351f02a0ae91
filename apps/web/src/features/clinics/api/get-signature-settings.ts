import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Signature settings of a clinic ('0': clinic-wide) or of one user there. */
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

export type SignatureSettingsChange = Partial<Omit<SignatureSettings, 'userId' | 'isDefault'>>;

export const CLINIC_WIDE_USER_ID = '0';

export const signatureSettingsPath = (npi: string, userId: string) =>
  `/api/customers/clinics/${encodeURIComponent(npi)}/signature-settings/${encodeURIComponent(userId)}`;

/** GET /api/customers/clinics/:npi/signature-settings/:userId. */
export function getSignatureSettings(
  { npi, userId }: { npi: string; userId: string },
  options: { signal?: AbortSignal } = {},
): Promise<SignatureSettings> {
  return apiClient.get<SignatureSettings>(signatureSettingsPath(npi, userId), { signal: options.signal });
}

export const signatureSettingsQueryKey = (npi: string, userId: string) =>
  ['clinics', 'signature-settings', npi, userId] as const;

export function signatureSettingsQueryOptions(npi: string, userId: string = CLINIC_WIDE_USER_ID) {
  return queryOptions({
    queryKey: signatureSettingsQueryKey(npi, userId),
    queryFn: ({ signal }) => getSignatureSettings({ npi, userId }, { signal }),
    staleTime: 0,
  });
}
