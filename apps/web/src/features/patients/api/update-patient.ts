import type { PatientResource, UpdatePatientBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { usePatientWrite } from './patient-writes';

/** PATCH clinics/{npi}/patients/{id}: the fields given change; null clears one, or an override. */
export function updatePatient(clinicNpi: string, id: string, body: UpdatePatientBody) {
  return apiClient.patch<PatientResource>(patientApiPath(clinicNpi, id), body);
}

export function useUpdatePatient(clinicNpi: string, id: string) {
  return usePatientWrite(clinicNpi, id, (body: UpdatePatientBody) => updatePatient(clinicNpi, id, body));
}
