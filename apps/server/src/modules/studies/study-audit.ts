import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { StudyListRow } from './studies.repository';

/**
 * Writes a study's audit event (entity 'study', the clinic's chain) in the caller's transaction. Its
 * `after` always names the suite and study type, so the patient's timeline can say which study it was.
 */
export async function recordStudyEvent(
  tx: Tx,
  study: Pick<StudyListRow, 'id' | 'clinicNpi' | 'suite' | 'studyType'>,
  event: { eventType: string; actorId: string | null; before?: unknown; after?: unknown },
): Promise<void> {
  await recordAuditEvent(tx, {
    clinicNpi: study.clinicNpi,
    entityType: 'study',
    entityId: study.id,
    eventType: event.eventType,
    actorId: event.actorId,
    before: event.before ?? null,
    after: { ...(event.after as object | undefined), suite: study.suite, studyType: study.studyType },
  });
}
