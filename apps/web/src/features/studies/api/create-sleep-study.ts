import type { CreateSleepStudyBody, StudyResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { useStudyWrite } from '../hooks/use-study-write';
import { sleepProfileApiPath } from './get-sleep-profile';

/** POST …/sleep-profile/studies: a new sleep study, which becomes the profile's current study. */
export function createSleepStudy(
  clinicNpi: string,
  patientRef: string,
  body: CreateSleepStudyBody,
): Promise<StudyResource> {
  return apiClient.post<StudyResource>(`${sleepProfileApiPath(clinicNpi, patientRef)}/studies`, body);
}

export function useCreateSleepStudy(clinicNpi: string, patientRef: string) {
  return useStudyWrite((body: CreateSleepStudyBody) => createSleepStudy(clinicNpi, patientRef, body), {
    silent: true,
  });
}
