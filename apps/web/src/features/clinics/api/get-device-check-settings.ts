import type { EffectiveDeviceCheckSettings } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A clinic's observation prompts, or the defaults (`isDefault`); declared in the domain. */
export type DeviceCheckSettings = EffectiveDeviceCheckSettings;

export const deviceCheckSettingsPath = (npi: string) =>
  `/api/customers/device-check-settings/${encodeURIComponent(npi)}`;

/** GET /api/customers/device-check-settings/:npi: the clinic's observation prompts, or the defaults. */
export function getDeviceCheckSettings(
  npi: string,
  options: { signal?: AbortSignal } = {},
): Promise<DeviceCheckSettings> {
  return apiClient.get<DeviceCheckSettings>(deviceCheckSettingsPath(npi), { signal: options.signal });
}

export function deviceCheckSettingsQueryOptions(npi: string) {
  return queryOptions({
    queryKey: queryKeys.clinics.deviceCheckSettings(npi),
    queryFn: ({ signal }) => getDeviceCheckSettings(npi, { signal }),
    staleTime: 0,
  });
}
