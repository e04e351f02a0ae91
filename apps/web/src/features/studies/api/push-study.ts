import type { StudyResource, StudySuite } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { useStudyWrite } from '../hooks/use-study-write';

/** Each suite's vendor route: Zoll takes sleep studies, InfoBionic wearable ones, Biobeat ABPM. */
const PUSH_PATHS: Record<Exclude<StudySuite, 'sleep'>, string> = {
  wcd: 'infobionics/wcd-studies',
  abpm: 'biobeat/abpm-studies',
};

export function pushStudyApiPath(clinicNpi: string, suite: StudySuite, studyId: string): string {
  // SPEC §7: Zoll's push names the study alone (its id identifies the clinic).
  if (suite === 'sleep') return `/api/patients/zoll/sleep-studies/${encodeURIComponent(studyId)}/push`;
  return `${clinicPatientsApiPath(clinicNpi)}/${PUSH_PATHS[suite]}/${encodeURIComponent(studyId)}/push`;
}

/** POST {vendor}/{suite}-studies/{studyId}/push: sends a new study's order to its vendor. */
export function pushStudy(study: StudyResource): Promise<StudyResource> {
  const { clinicNpi, suite } = study.attributes;
  return apiClient.post<StudyResource>(pushStudyApiPath(clinicNpi, suite, study.id));
}

/** The card says a failure in the snackbar, in the server's words (the vendor refused, or could not be reached). */
export function usePushStudy() {
  return useStudyWrite(pushStudy, { silent: true });
}
