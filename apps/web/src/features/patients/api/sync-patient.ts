import type { PatientResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { usePatientWrite } from './patient-writes';

/**
 * GET clinics/{npi}/search/by-fm-id/{fmId}?forceSync=true: the clinic's FileMaker record merged into the
 * patient (overrides untouched). 502 when FileMaker cannot be reached; nothing changes then.
 */
export function syncPatientFromFileMaker(clinicNpi: string, fmId: string) {
  return apiClient.get<PatientResource>(
    `${clinicPatientsApiPath(clinicNpi)}/search/by-fm-id/${encodeURIComponent(fmId)}`,
    { query: { forceSync: 'true' } },
  );
}

export function useSyncPatient(clinicNpi: string, id: string) {
  return usePatientWrite(clinicNpi, id, (fmId: string) => syncPatientFromFileMaker(clinicNpi, fmId));
}
