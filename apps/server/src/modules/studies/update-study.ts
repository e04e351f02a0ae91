import type { StudyResource, StudySuite } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError } from '../../http/errors';
import { findStudyById, updateStudyRow } from './studies.repository';
import { getStudyInScope } from './study-access';
import { recordStudyEvent } from './study-audit';
import { loadStudyResource } from './to-study-resource';

export type StudyChanges = {
  orderingPhysicianNpi?: string | undefined;
  orderingPhysicianName?: string | undefined;
  duration?: number | undefined;
  startDate?: string | null | undefined;
  notes?: string | undefined;
};

/**
 * Changes a study's order (POST sleep-profile/studies/{id}, PATCH wcd-studies/{id} and abpm-studies/{id})
 * while it is new and its vendor has not been sent it; afterwards the vendor holds the order, so the
 * answer is 409. The change and its audit event (what was, what is) commit together.
 */
export async function updateStudy(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; studyId: string; suite: StudySuite; patientRef: string },
  changes: StudyChanges,
): Promise<StudyResource> {
  return inTransaction(db, async (tx) => {
    const study = await getStudyInScope(tx, actor, target, 'study:create', { forUpdate: true });
    if (study.status !== 'new' || study.pushState === 'queued' || study.pushState === 'sent') {
      throw new ConflictError(
        study.status !== 'new'
          ? `Only a new study can be changed; this one is '${study.status}'.`
          : 'This study has been sent to its vendor and can no longer be changed; cancel it and order another.',
        [{ field: 'status', message: `is ${study.status}` }],
      );
    }
    const next = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as StudyChanges;
    const before = Object.fromEntries(
      Object.keys(next).map((key) => [key, study[key as keyof typeof study]]),
    );
    if (Object.keys(next).length > 0) {
      await updateStudyRow(tx, study.id, next);
      await recordStudyEvent(tx, study, { eventType: 'updated', actorId: actor.id, before, after: next });
    }
    const updated = await findStudyById(tx, study.id);
    return loadStudyResource(tx, updated as NonNullable<typeof updated>);
  });
}
