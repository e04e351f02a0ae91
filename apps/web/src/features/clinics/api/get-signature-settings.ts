import { CLINIC_WIDE_SETTINGS_USER_ID, type SignatureSettingsChange } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import {
  getSignatureSettings,
  type SignatureSettings,
  signatureSettingsPath,
} from '../../../lib/signature-settings';

// The userId of a clinic's clinic-wide settings, under the name this feature's screens use.
export { CLINIC_WIDE_SETTINGS_USER_ID as CLINIC_WIDE_USER_ID } from '@portal/domain';
export type { SignatureSettings, SignatureSettingsChange };
export { signatureSettingsPath };

export function signatureSettingsQueryOptions(npi: string, userId: string = CLINIC_WIDE_SETTINGS_USER_ID) {
  return queryOptions({
    queryKey: queryKeys.clinics.signatureSettings(npi, userId),
    queryFn: ({ signal }) => getSignatureSettings({ npi, userId }, { signal }),
    staleTime: 0,
  });
}
