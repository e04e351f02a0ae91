import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type DeviceCheckSettings, deviceCheckSettingsPath } from './get-device-check-settings';

/**
 * The clinic's own observation prompts: POST while the clinic uses the defaults (`isDefault`), PATCH
 * once it has its own.
 */
export function saveDeviceCheckSettings({
  npi,
  isDefault,
  observationPrompts,
}: {
  npi: string;
  isDefault: boolean;
  observationPrompts: string[];
}): Promise<DeviceCheckSettings> {
  const path = deviceCheckSettingsPath(npi);
  return isDefault
    ? apiClient.post<DeviceCheckSettings>(path, { observationPrompts })
    : apiClient.patch<DeviceCheckSettings>(path, { observationPrompts });
}

export function useSaveDeviceCheckSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeviceCheckSettings,
    meta: { silent: true },
    onSettled: (_saved, _error, { npi }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.clinics.deviceCheckSettings(npi) }),
  });
}
