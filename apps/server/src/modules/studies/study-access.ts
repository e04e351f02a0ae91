import { assertCan, clinicsWherePermitted, type PermissionName, type StudySuite } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findOrganizationByNpi } from '../clinics/clinics.repository';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { getPatientInScope } from '../patients/patient-scope';
import type { PatientRecordRow } from '../patients/patients.repository';
import { findClinicOfStudy, findStudyInClinic, type StudyListRow } from './studies.repository';

/** Whether the actor may see studies at the clinic. */
function canSeeClinicStudies(actor: Actor, clinicNpi: string): boolean {
  const scope = clinicsWherePermitted(actor.user, 'study:read');
  return scope === 'all' || scope.includes(clinicNpi);
}

/** A clinic whose studies the actor may see, or 404 exactly as for a clinic that does not exist. */
export async function assertStudyClinicInScope(db: Db | Tx, actor: Actor, clinicNpi: string): Promise<void> {
  if (!canSeeClinicStudies(actor, clinicNpi) || !(await findOrganizationByNpi(db, clinicNpi)))
    throw new NotFoundError('Clinic');
}

/** A patient whose studies the actor may see (404 otherwise), and, with `permission`, may act on (403). */
export async function getStudyPatient(
  db: Db | Tx,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  permission?: PermissionName,
  options: { forUpdate?: boolean } = {},
): Promise<PatientRecordRow> {
  if (!canSeeClinicStudies(actor, target.clinicNpi)) throw new NotFoundError('Patient');
  const patient = await getPatientInScope(db, actor, target, options);
  if (permission)
    assertCan(
      actor.user,
      permission,
      patient.clinicNpi,
      await loadClinicConfiguration(db, patient.clinicNpi),
    );
  return patient;
}

/**
 * A study of the clinic the actor may see, of the expected suite (and patient, when the path names one);
 * anything else answers 404 like a study that does not exist. With `permission`, the actor must hold it
 * there (403). `forUpdate` locks the study for the rest of the transaction.
 */
export async function getStudyInScope(
  db: Db | Tx,
  actor: Actor,
  target: { clinicNpi: string; studyId: string; suite?: StudySuite; patientRef?: string },
  permission?: PermissionName,
  options: { forUpdate?: boolean } = {},
): Promise<StudyListRow> {
  if (!canSeeClinicStudies(actor, target.clinicNpi)) throw new NotFoundError('Study');
  const study = await findStudyInClinic(db, target.clinicNpi, target.studyId, options);
  if (
    !study ||
    (target.suite !== undefined && study.suite !== target.suite) ||
    (target.patientRef !== undefined && study.patientRef !== target.patientRef)
  )
    throw new NotFoundError('Study');
  if (permission)
    assertCan(actor.user, permission, study.clinicNpi, await loadClinicConfiguration(db, study.clinicNpi));
  return study;
}

/**
 * The clinic a study belongs to, for routes that name the study alone (SPEC §7's Zoll routes). A study
 * that does not exist is a 404; whether the caller may see it is getStudyInScope's to say, with the same 404.
 */
export async function getClinicOfStudy(db: Db | Tx, studyId: string): Promise<string> {
  const clinicNpi = await findClinicOfStudy(db, studyId);
  if (!clinicNpi) throw new NotFoundError('Study');
  return clinicNpi;
}
