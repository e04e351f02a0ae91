import type { EffectiveDeviceCheckSettings } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/customers/device-check-settings/:npi: the clinic's observation prompts (or the defaults), as a list. */
export function observationPromptsQueryOptions(clinicNpi: string) {
  return queryOptions({
    queryKey: queryKeys.clinics.deviceCheckSettings(clinicNpi),
    queryFn: ({ signal }) =>
      apiClient.get<EffectiveDeviceCheckSettings>(
        `/api/customers/device-check-settings/${encodeURIComponent(clinicNpi)}`,
        { signal },
      ),
    select: (settings) => settings.observationPrompts,
  });
}
