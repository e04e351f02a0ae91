import type { PatientResource, UpdateOacHistoryBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import { patientApiPath } from '../../../lib/patients';
import { usePatientWrite } from './patient-writes';

/** PUT clinics/{npi}/patients/{id}/oac-history/{oacId}: edit an entry, or end it (an endDate). */
export function updateOacEntry(clinicNpi: string, id: string, oacId: string, body: UpdateOacHistoryBody) {
  return apiClient.put<PatientResource>(
    `${patientApiPath(clinicNpi, id)}/oac-history/${encodeURIComponent(oacId)}`,
    body,
  );
}

export function useUpdateOacEntry(clinicNpi: string, id: string) {
  return usePatientWrite(clinicNpi, id, ({ oacId, body }: { oacId: string; body: UpdateOacHistoryBody }) =>
    updateOacEntry(clinicNpi, id, oacId, body),
  );
}
