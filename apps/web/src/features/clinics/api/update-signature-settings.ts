import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import {
  type SignatureSettings,
  type SignatureSettingsChange,
  signatureSettingsPath,
} from './get-signature-settings';

/** PATCH /api/customers/clinics/:npi/signature-settings/:userId with any subset of the settings. */
export function updateSignatureSettings({
  npi,
  userId,
  change,
}: {
  npi: string;
  userId: string;
  change: SignatureSettingsChange;
}): Promise<SignatureSettings> {
  return apiClient.patch<SignatureSettings>(signatureSettingsPath(npi, userId), change);
}

export function useUpdateSignatureSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignatureSettings,
    meta: { silent: true },
    onSuccess: (saved, { npi, userId }) =>
      queryClient.setQueryData(queryKeys.clinics.signatureSettings(npi, userId), saved),
  });
}
