import type { SleepProfile, SleepProfileBody } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sleepProfileApiPath } from './get-sleep-profile';

/** POST …/sleep-profile (the first time) or PATCH it (after): the measures a sleep study is ordered with. */
export function saveSleepProfile(
  clinicNpi: string,
  patientRef: string,
  change: { exists: boolean; body: SleepProfileBody },
): Promise<SleepProfile> {
  const path = sleepProfileApiPath(clinicNpi, patientRef);
  return change.exists
    ? apiClient.patch<SleepProfile>(path, change.body)
    : apiClient.post<SleepProfile>(path, change.body);
}

export function useSaveSleepProfile(clinicNpi: string, patientRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { exists: boolean; body: SleepProfileBody }) =>
      saveSleepProfile(clinicNpi, patientRef, change),
    // The dialog shows the fields the server named.
    meta: { silent: true },
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.studies.sleepProfile(clinicNpi, patientRef), profile);
    },
  });
}
