import type { SleepProfile } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

export function sleepProfileApiPath(clinicNpi: string, patientRef: string): string {
  return `${patientApiPath(clinicNpi, patientRef)}/sleep-profile`;
}

/** GET …/sleep-profile: the patient's sleep profile and current study; null before the profile is made. */
export async function getSleepProfile(
  clinicNpi: string,
  patientRef: string,
  options: { signal?: AbortSignal } = {},
): Promise<SleepProfile | null> {
  const profile = await apiClient.get<SleepProfile>(sleepProfileApiPath(clinicNpi, patientRef), {
    signal: options.signal,
  });
  // The patient has no sleep profile yet (never saved): the first sleep study makes one.
  return profile.updatedAt === null ? null : profile;
}

export function sleepProfileQueryOptions(clinicNpi: string, patientRef: string) {
  return queryOptions({
    queryKey: queryKeys.studies.sleepProfile(clinicNpi, patientRef),
    queryFn: ({ signal }) => getSleepProfile(clinicNpi, patientRef, { signal }),
  });
}
