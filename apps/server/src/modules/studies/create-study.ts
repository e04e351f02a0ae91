import { isStudyFinal, type StudyResource, type StudySuite, type StudyType } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError } from '../../http/errors';
import {
  findSleepProfile,
  findStudyById,
  insertSleepProfile,
  insertStatusChange,
  insertStudy,
  updateSleepProfile,
} from './studies.repository';
import { getStudyPatient } from './study-access';
import { recordStudyEvent } from './study-audit';
import { loadStudyResource } from './to-study-resource';

export type NewStudy = {
  suite: StudySuite;
  studyType?: StudyType;
  orderingPhysicianNpi: string;
  orderingPhysicianName: string;
  /** Sleep: nights; WCD: days; ABPM: hours. */
  duration: number;
  startDate?: string | undefined;
  notes?: string | undefined;
};

/**
 * Orders a study for a patient (POST sleep-profile/studies, wcd-studies, abpm-studies): status 'new', not
 * yet sent to its vendor, with its first status change and audit event. A sleep study becomes the sleep
 * profile's current study (the profile is made if the patient has none); a patient whose current sleep
 * study is still open gets a 409 saying to cancel it first.
 */
export async function createStudy(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  input: NewStudy,
): Promise<StudyResource> {
  return inTransaction(db, async (tx) => {
    const patient = await getStudyPatient(tx, actor, target, 'study:create', { forUpdate: true });
    const profile =
      input.suite === 'sleep' ? await findSleepProfile(tx, patient.id, { forUpdate: true }) : undefined;
    if (profile?.currentStudyId) {
      const current = await findStudyById(tx, profile.currentStudyId);
      if (current && !isStudyFinal(current.status)) {
        throw new ConflictError(
          `The patient's current sleep study is still '${current.status}': cancel it before ordering another.`,
          [{ field: 'currentStudy', message: `is ${current.status}` }],
        );
      }
    }
    const id = await insertStudy(tx, {
      clinicNpi: patient.clinicNpi,
      patientRef: patient.id,
      suite: input.suite,
      studyType: input.studyType ?? null,
      orderingPhysicianNpi: input.orderingPhysicianNpi,
      orderingPhysicianName: input.orderingPhysicianName,
      duration: input.duration,
      startDate: input.startDate ?? null,
      notes: input.notes ?? '',
      createdBy: actor.id,
    });
    await insertStatusChange(tx, {
      studyId: id,
      fromStatus: null,
      toStatus: 'new',
      source: 'user',
      actorId: actor.id,
    });
    await recordStudyEvent(
      tx,
      { id, clinicNpi: patient.clinicNpi, suite: input.suite, studyType: input.studyType ?? null },
      {
        eventType: 'created',
        actorId: actor.id,
        after: {
          patientRef: patient.id,
          suite: input.suite,
          studyType: input.studyType ?? null,
          status: 'new',
          duration: input.duration,
          orderingPhysicianNpi: input.orderingPhysicianNpi,
        },
      },
    );
    if (input.suite === 'sleep') {
      if (profile) await updateSleepProfile(tx, patient.id, { currentStudyId: id, updatedBy: actor.id });
      else
        await insertSleepProfile(tx, {
          patientRef: patient.id,
          clinicNpi: patient.clinicNpi,
          heightCm: null,
          weightKg: null,
          neckCircumferenceCm: null,
          epworthScore: null,
          currentStudyId: id,
          updatedBy: actor.id,
        });
    }
    const created = await findStudyById(tx, id);
    return loadStudyResource(tx, created as NonNullable<typeof created>);
  });
}
