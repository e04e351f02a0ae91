import type { PatientResource, SupplimentalInfoBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { usePatientWrite } from './patient-writes';

/** PUT clinics/{npi}/patients/{id}/supplimental-info (the spec's spelling): medical, device or contact info. */
export function saveSupplimentalInfo(clinicNpi: string, id: string, body: SupplimentalInfoBody) {
  return apiClient.put<PatientResource>(`${patientApiPath(clinicNpi, id)}/supplimental-info`, body);
}

export function useSaveSupplimentalInfo(clinicNpi: string, id: string) {
  return usePatientWrite(clinicNpi, id, (body: SupplimentalInfoBody) =>
    saveSupplimentalInfo(clinicNpi, id, body),
  );
}
