import type { CreateOacHistoryBody, PatientResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { usePatientWrite } from './patient-writes';

/** POST clinics/{npi}/patients/{id}/oac-history. */
export function createOacEntry(clinicNpi: string, id: string, body: CreateOacHistoryBody) {
  return apiClient.post<PatientResource>(`${patientApiPath(clinicNpi, id)}/oac-history`, body);
}

export function useCreateOacEntry(clinicNpi: string, id: string) {
  return usePatientWrite(clinicNpi, id, (body: CreateOacHistoryBody) => createOacEntry(clinicNpi, id, body));
}
