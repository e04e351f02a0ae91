import type { SleepProfile, SleepProfileBody } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../http/errors';
import { recordPatientEvent } from '../patients/record-patient-event';
import {
  findSleepProfile,
  findStudyById,
  insertSleepProfile,
  type SleepProfileRow,
  updateSleepProfile,
} from './studies.repository';
import { getStudyPatient } from './study-access';
import { loadStudyResource } from './to-study-resource';

async function toSleepProfile(db: Db | Tx, row: SleepProfileRow): Promise<SleepProfile> {
  const current = row.currentStudyId ? await findStudyById(db, row.currentStudyId) : undefined;
  return {
    patientId: row.patientRef,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    neckCircumferenceCm: row.neckCircumferenceCm,
    epworthScore: row.epworthScore,
    notes: row.notes,
    currentStudy: current ? await loadStudyResource(db, current) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET sleep-profile: the patient's sleep profile; before one is made, an empty one (every measure null,
 * `updatedAt` null), so a screen asks once and knows whether to POST or PATCH.
 */
export async function getSleepProfile(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
): Promise<SleepProfile> {
  const patient = await getStudyPatient(db, actor, target);
  const profile = await findSleepProfile(db, patient.id);
  if (!profile)
    return {
      patientId: patient.id,
      heightCm: null,
      weightKg: null,
      neckCircumferenceCm: null,
      epworthScore: null,
      notes: '',
      currentStudy: null,
      updatedAt: null,
    };
  return toSleepProfile(db, profile);
}

/**
 * POST sleep-profile makes the patient's sleep profile (409 when there is one); PATCH changes the fields
 * given (404 when there is none). Either writes the patient's audit event with what was and what is.
 */
export async function saveSleepProfile(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  body: SleepProfileBody,
  mode: 'create' | 'update',
): Promise<SleepProfile> {
  return inTransaction(db, async (tx) => {
    const patient = await getStudyPatient(tx, actor, target, 'study:create', { forUpdate: true });
    const existing = await findSleepProfile(tx, patient.id, { forUpdate: true });
    if (mode === 'create' && existing)
      throw new ConflictError('The patient already has a sleep profile: change it with PATCH.', [
        { field: 'sleepProfile', message: 'already exists' },
      ]);
    if (mode === 'update' && !existing) throw new NotFoundError('Sleep profile');
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const saved = existing
      ? await updateSleepProfile(tx, patient.id, { ...changes, updatedBy: actor.id })
      : await insertSleepProfile(tx, {
          patientRef: patient.id,
          clinicNpi: patient.clinicNpi,
          heightCm: body.heightCm ?? null,
          weightKg: body.weightKg ?? null,
          neckCircumferenceCm: body.neckCircumferenceCm ?? null,
          epworthScore: body.epworthScore ?? null,
          notes: body.notes ?? '',
          currentStudyId: null,
          updatedBy: actor.id,
        });
    await recordPatientEvent(tx, {
      patient,
      actorId: actor.id,
      eventType: existing ? 'sleep_profile_updated' : 'sleep_profile_created',
      before: existing
        ? Object.fromEntries(Object.keys(changes).map((key) => [key, existing[key as keyof SleepProfileRow]]))
        : null,
      after: changes,
    });
    return toSleepProfile(tx, saved);
  });
}
