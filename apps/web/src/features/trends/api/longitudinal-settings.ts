import type { LongitudinalSettingsResponse, StoredLongitudinalSettings } from '@portal/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { clinicReportsApiPath } from '../../../lib/trends';

export type LongitudinalSettingsScope = LongitudinalSettingsResponse['data'];

/** The clinic's own scope: SPEC §7 keys it as user '0'. */
export const CLINIC_SCOPE = '0';

function settingsPath(clinicNpi: string, userId: string) {
  return `${clinicReportsApiPath(clinicNpi)}/longitudinal-settings/${encodeURIComponent(userId)}`;
}

/** GET /api/reports/clinics/:npi/longitudinal-settings/:userId: what the scope stores and what is in force. */
export function getLongitudinalSettings(
  clinicNpi: string,
  userId: string,
  options: { signal?: AbortSignal } = {},
) {
  return apiClient
    .get<LongitudinalSettingsResponse>(settingsPath(clinicNpi, userId), { signal: options.signal })
    .then((response) => response.data);
}

export function longitudinalSettingsQueryOptions(clinicNpi: string, userId: string) {
  return queryOptions({
    queryKey: queryKeys.trends.settings(clinicNpi, userId),
    queryFn: ({ signal }) => getLongitudinalSettings(clinicNpi, userId, { signal }),
  });
}

/** PUT: replaces what the scope stores, whole. */
export function saveLongitudinalSettings(
  clinicNpi: string,
  userId: string,
  stored: StoredLongitudinalSettings,
) {
  return apiClient
    .put<LongitudinalSettingsResponse>(settingsPath(clinicNpi, userId), stored)
    .then((response) => response.data);
}

/** DELETE: the scope stores nothing again, so the next one up (the clinic's, then the defaults) shows. */
export function resetLongitudinalSettings(clinicNpi: string, userId: string) {
  return apiClient
    .delete<LongitudinalSettingsResponse>(settingsPath(clinicNpi, userId))
    .then((response) => response.data);
}

type SettingsChange =
  | { action: 'save'; userId: string; stored: StoredLongitudinalSettings }
  | { action: 'reset'; userId: string };

/** Saves or resets a scope; the settings and every longitudinal view refresh after. */
export function useChangeLongitudinalSettings(clinicNpi: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) =>
      change.action === 'save'
        ? saveLongitudinalSettings(clinicNpi, change.userId, change.stored)
        : resetLongitudinalSettings(clinicNpi, change.userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.trends.all }),
  });
}
