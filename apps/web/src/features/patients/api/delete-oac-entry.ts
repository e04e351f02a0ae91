import type { PatientResource } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { usePatientWrite } from './patient-writes';

/** DELETE clinics/{npi}/patients/{id}/oac-history/{oacId}. */
export function deleteOacEntry(clinicNpi: string, id: string, oacId: string) {
  return apiClient.delete<PatientResource | undefined>(
    `${patientApiPath(clinicNpi, id)}/oac-history/${encodeURIComponent(oacId)}`,
  );
}

export function useDeleteOacEntry(clinicNpi: string, id: string) {
  return usePatientWrite(clinicNpi, id, (oacId: string) => deleteOacEntry(clinicNpi, id, oacId));
}
