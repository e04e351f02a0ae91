import type { StudyResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { useStudyWrite } from '../hooks/use-study-write';

/**
 * Cancels a study before it is reviewed: a sleep study through its profile (POST
 * …/sleep-profile/current-study/cancel, the current study only), a wearable or ABPM study with
 * PATCH …/{suite}-studies/{studyId} `{status: 'cancelled'}`.
 */
export function cancelStudy(study: StudyResource): Promise<StudyResource> {
  const { clinicNpi, patientId, suite } = study.attributes;
  const patient = patientApiPath(clinicNpi, patientId);
  if (suite === 'sleep') {
    return apiClient.post<StudyResource>(`${patient}/sleep-profile/current-study/cancel`);
  }
  return apiClient.patch<StudyResource>(`${patient}/${suite}-studies/${encodeURIComponent(study.id)}`, {
    status: 'cancelled',
  });
}

/** The confirmation dialog shows why a cancel failed. */
export function useCancelStudy() {
  return useStudyWrite(cancelStudy, { silent: true });
}
