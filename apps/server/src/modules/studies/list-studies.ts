import type { StudyList, StudyPage, StudyStatus, StudySuite } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { buildPageLinks } from '../../http/paging';
import { findClinicStudiesPage, findPatientStudies } from './studies.repository';
import { assertStudyClinicInScope, getStudyPatient } from './study-access';
import { loadStudyResources } from './to-study-resource';

/** GET clinics/{npi}/{sleep|wcd|abpm}-studies/?status,page,size: a numbered page, newest first. */
export async function listClinicStudies(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; suite: StudySuite },
  query: { statuses: readonly StudyStatus[]; page: number; size: number; url: string },
): Promise<StudyPage> {
  await assertStudyClinicInScope(db, actor, target.clinicNpi);
  const { rows, totalCount } = await findClinicStudiesPage(db, { ...target, ...query });
  return {
    links: buildPageLinks({
      url: query.url,
      page: query.page,
      rows: query.size,
      totalCount,
      sizeParam: 'size',
    }),
    data: await loadStudyResources(db, rows),
    metadata: { totalCount, page: query.page, rows: query.size },
  };
}

/** A patient's studies, newest first: all suites (the Studies tab), or one. */
export async function listPatientStudies(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  suite?: StudySuite,
): Promise<StudyList> {
  const patient = await getStudyPatient(db, actor, target);
  return { data: await loadStudyResources(db, await findPatientStudies(db, patient.id, suite)) };
}
