import type { CreateAbpmStudyBody, StudyResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { useStudyWrite } from '../hooks/use-study-write';

/** POST …/patients/{id}/abpm-studies: a new ambulatory blood pressure study of 24 or 48 hours. */
export function createAbpmStudy(
  clinicNpi: string,
  patientRef: string,
  body: CreateAbpmStudyBody,
): Promise<StudyResource> {
  return apiClient.post<StudyResource>(`${patientApiPath(clinicNpi, patientRef)}/abpm-studies`, body);
}

export function useCreateAbpmStudy(clinicNpi: string, patientRef: string) {
  return useStudyWrite((body: CreateAbpmStudyBody) => createAbpmStudy(clinicNpi, patientRef, body), {
    silent: true,
  });
}
