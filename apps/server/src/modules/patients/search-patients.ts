import type { PatientSearchQuery } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { assertPatientClinicInScope } from './patient-scope';
import { findPatientsPage } from './patients.repository';
import { loadPatientResources } from './to-patient-resource';

/** GET clinics/{npi}/search: one page of the clinic's patients that match the filters (empty ones dropped). */
export async function searchPatients(db: Db, actor: Actor, clinicNpi: string, query: PatientSearchQuery) {
  await assertPatientClinicInScope(db, actor, clinicNpi);
  const { rows, totalCount } = await findPatientsPage(db, {
    filters: {
      clinicNpi,
      search: query['filter[search]'],
      lastName: query['filter[lastName]'],
      firstName: query['filter[firstName]'],
      dob: query['filter[dob]'],
      patientId: query['filter[patientId]'],
      deviceSerial: query['filter[deviceSerial]'],
    },
    sort: query.sort,
    offset: query['page[offset]'],
    limit: query['page[limit]'],
  });
  return { data: await loadPatientResources(db, rows), totalCount };
}
