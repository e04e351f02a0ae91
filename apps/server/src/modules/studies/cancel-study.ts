import type { StudyResource, StudySuite } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { enqueueVendorWork } from '../vendor-outbox/vendor-outbox.repository';
import { moveStudy } from './move-study';
import { findSleepProfile, findStudyById } from './studies.repository';
import { getStudyInScope, getStudyPatient } from './study-access';
import { STUDY_VENDOR_WORK } from './study-vendor-work';
import { loadStudyResource } from './to-study-resource';

/**
 * Cancels a study before it is reviewed (409 naming its state otherwise). A study its vendor already
 * holds is cancelled there too, through the outbox in the same transaction; a push still queued finds the
 * study cancelled and sends nothing.
 */
export async function cancelStudy(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; studyId: string; suite: StudySuite; patientRef?: string },
): Promise<StudyResource> {
  return inTransaction(db, async (tx) => {
    const study = await getStudyInScope(tx, actor, target, 'study:cancel', { forUpdate: true });
    const cancelled = await moveStudy(tx, study, 'cancelled', { source: 'user', actorId: actor.id });
    const cancelKind = STUDY_VENDOR_WORK[study.suite as StudySuite].cancel;
    if (study.vendorReference && cancelKind) {
      await enqueueVendorWork(tx, {
        kind: cancelKind,
        clinicNpi: study.clinicNpi,
        subjectId: study.id,
        idempotencyKey: `${study.suite}-cancel:${study.id}`,
      });
    }
    const updated = await findStudyById(tx, cancelled.id);
    return loadStudyResource(tx, updated as NonNullable<typeof updated>);
  });
}

/** POST sleep-profile/current-study/cancel: the patient's current sleep study, or 404 when there is none. */
export async function cancelCurrentSleepStudy(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
): Promise<StudyResource> {
  const patient = await getStudyPatient(db, actor, target);
  const profile = await findSleepProfile(db, patient.id);
  if (!profile?.currentStudyId) throw new NotFoundError('Current sleep study');
  return cancelStudy(db, actor, {
    clinicNpi: patient.clinicNpi,
    studyId: profile.currentStudyId,
    suite: 'sleep',
    patientRef: patient.id,
  });
}
