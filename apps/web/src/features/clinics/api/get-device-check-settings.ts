import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type DeviceCheckSettings = { observationPrompts: string[]; isDefault: boolean };

export const deviceCheckSettingsPath = (npi: string) =>
  `/api/customers/device-check-settings/${encodeURIComponent(npi)}`;

/** GET /api/customers/device-check-settings/:npi: the clinic's observation prompts, or the defaults. */
export function getDeviceCheckSettings(
  npi: string,
  options: { signal?: AbortSignal } = {},
): Promise<DeviceCheckSettings> {
  return apiClient.get<DeviceCheckSettings>(deviceCheckSettingsPath(npi), { signal: options.signal });
}

export const deviceCheckSettingsQueryKey = (npi: string) =>
  ['clinics', 'device-check-settings', npi] as const;

export function deviceCheckSettingsQueryOptions(npi: string) {
  return queryOptions({
    queryKey: deviceCheckSettingsQueryKey(npi),
    queryFn: ({ signal }) => getDeviceCheckSettings(npi, { signal }),
    staleTime: 0,
  });
}
