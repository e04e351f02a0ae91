import type { StudyResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { useStudyWrite } from '../hooks/use-study-write';

/** POST /api/patients/zoll/check-for-updates/{id} (SPEC §7): asks Zoll where a sent sleep study stands now. */
export function checkSleepStudyUpdates(study: StudyResource): Promise<StudyResource> {
  return apiClient.post<StudyResource>(
    `/api/patients/zoll/check-for-updates/${encodeURIComponent(study.id)}`,
  );
}

export function useCheckSleepStudyUpdates() {
  return useStudyWrite(checkSleepStudyUpdates, { silent: true });
}
