import { queryOptions } from '@tanstack/react-query';
import {
  getSignatureSettings,
  type SignatureSettings,
  signatureSettingsPath,
  signatureSettingsQueryKey,
} from '../../../lib/signature-settings';

export type { SignatureSettings };

export type SignatureSettingsChange = Partial<Omit<SignatureSettings, 'userId' | 'isDefault'>>;

export const CLINIC_WIDE_USER_ID = '0';

export { signatureSettingsPath, signatureSettingsQueryKey };

export function signatureSettingsQueryOptions(npi: string, userId: string = CLINIC_WIDE_USER_ID) {
  return queryOptions({
    queryKey: signatureSettingsQueryKey(npi, userId),
    queryFn: ({ signal }) => getSignatureSettings({ npi, userId }, { signal }),
    staleTime: 0,
  });
}
