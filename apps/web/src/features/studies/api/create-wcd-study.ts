import type { CreateWcdStudyBody, StudyResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { useStudyWrite } from '../hooks/use-study-write';

/** POST …/patients/{id}/wcd-studies: a new wearable cardiac study (Holter, extended Holter, event, MCT). */
export function createWcdStudy(
  clinicNpi: string,
  patientRef: string,
  body: CreateWcdStudyBody,
): Promise<StudyResource> {
  return apiClient.post<StudyResource>(`${patientApiPath(clinicNpi, patientRef)}/wcd-studies`, body);
}

export function useCreateWcdStudy(clinicNpi: string, patientRef: string) {
  return useStudyWrite((body: CreateWcdStudyBody) => createWcdStudy(clinicNpi, patientRef, body), {
    silent: true,
  });
}
