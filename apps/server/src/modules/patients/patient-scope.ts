import { assertCan, clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findOrganizationByNpi } from '../clinics/clinics.repository';
import { findPatientInClinic, type PatientRecordRow } from './patients.repository';

/** Whether the actor may see patients at the clinic (any role that reads patients there). */
export function canSeeClinicPatients(actor: Actor, clinicNpi: string): boolean {
  const scope = clinicsWherePermitted(actor.user, 'patient:read');
  return scope === 'all' || scope.includes(clinicNpi);
}

/** A clinic whose patients the actor may see, or 404, exactly as for a clinic that does not exist. */
export async function assertPatientClinicInScope(db: Db | Tx, actor: Actor, clinicNpi: string) {
  if (!canSeeClinicPatients(actor, clinicNpi) || !(await findOrganizationByNpi(db, clinicNpi)))
    throw new NotFoundError('Clinic');
}

/**
 * A patient of a clinic whose patients the actor may see; any other, at another clinic or under another
 * clinic's NPI, answers 404 like one that does not exist. Whether the actor may change it is the
 * operation's next check (assertCan). `forUpdate` locks the row for the rest of the transaction.
 */
export async function getPatientInScope(
  db: Db | Tx,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  options: { forUpdate?: boolean } = {},
): Promise<PatientRecordRow> {
  if (!canSeeClinicPatients(actor, target.clinicNpi)) throw new NotFoundError('Patient');
  const patient = await findPatientInClinic(db, target.clinicNpi, target.id, options);
  if (!patient) throw new NotFoundError('Patient');
  return patient;
}

/**
 * A patient the actor is about to change: in scope (404 otherwise), locked for the rest of the
 * transaction, and the actor allowed this change at its clinic (403 otherwise): `patient:update` for the
 * clinical record, `patient:update-device` for the device alone.
 */
export async function getPatientForChange(
  tx: Tx,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  permission: 'patient:update' | 'patient:update-device' = 'patient:update',
): Promise<PatientRecordRow> {
  const patient = await getPatientInScope(tx, actor, target, { forUpdate: true });
  assertCan(actor.user, permission, patient.clinicNpi);
  return patient;
}
