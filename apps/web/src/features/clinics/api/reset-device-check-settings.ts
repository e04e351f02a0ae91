import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type DeviceCheckSettings, deviceCheckSettingsPath } from './get-device-check-settings';

/** DELETE /api/customers/device-check-settings/:npi → the default prompts again. */
export function resetDeviceCheckSettings({ npi }: { npi: string }): Promise<DeviceCheckSettings> {
  return apiClient.delete<DeviceCheckSettings>(deviceCheckSettingsPath(npi));
}

export function useResetDeviceCheckSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDeviceCheckSettings,
    meta: { silent: true },
    onSettled: (_result, _error, { npi }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.clinics.deviceCheckSettings(npi) }),
  });
}
