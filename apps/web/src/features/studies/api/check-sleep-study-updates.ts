import type { StudyResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { useStudyWrite } from '../hooks/use-study-write';

/** POST clinics/{npi}/zoll/check-for-updates/{studyId}: asks Zoll where a sent sleep study stands now. */
export function checkSleepStudyUpdates(study: StudyResource): Promise<StudyResource> {
  return apiClient.post<StudyResource>(
    `${clinicPatientsApiPath(study.attributes.clinicNpi)}/zoll/check-for-updates/${encodeURIComponent(study.id)}`,
  );
}

export function useCheckSleepStudyUpdates() {
  return useStudyWrite(checkSleepStudyUpdates, { silent: true });
}
