import { apiRequestBlob } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';

/** GET clinics/{npi}/advisories/{advisoryId}/patients.csv: the clinic's patients an advisory touches. */
export function getAdvisoryPatientsCsv(clinicNpi: string, advisoryId: string): Promise<Blob> {
  return apiRequestBlob(
    `${clinicPatientsApiPath(clinicNpi)}/advisories/${encodeURIComponent(advisoryId)}/patients.csv`,
    { headers: { Accept: 'text/csv' } },
  );
}

/** Saves the file under a name that says what it is and when it was taken. */
export async function downloadAdvisoryPatients(clinicNpi: string, advisoryId: string, filename: string) {
  const blob = await getAdvisoryPatientsCsv(clinicNpi, advisoryId);
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
