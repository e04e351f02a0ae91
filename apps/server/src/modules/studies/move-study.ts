import { checkStudyTransition, type StudyStatus } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { ConflictError } from '../../http/errors';
import { insertStatusChange, type StudyListRow, updateStudyRow } from './studies.repository';
import { recordStudyEvent } from './study-audit';

export type StudyChangeSource = 'user' | 'vendor' | 'signature';

/** The audit event type of every study status change (entity 'study', shown on the patient's timeline). */
export const STUDY_STATUS_EVENT = 'status_changed';

/**
 * Moves a locked study to another status, as the domain's transition table allows (409 naming both states
 * otherwise): the row, its status history and its audit event, in the caller's transaction.
 */
export async function moveStudy(
  tx: Tx,
  study: StudyListRow,
  to: StudyStatus,
  by: { source: StudyChangeSource; actorId: string | null },
): Promise<StudyListRow> {
  const from = study.status as StudyStatus;
  const check = checkStudyTransition(from, to);
  if (!check.ok) throw new ConflictError(check.message, [{ field: 'status', message: `is ${from}` }]);
  await updateStudyRow(tx, study.id, { status: to });
  await insertStatusChange(tx, { studyId: study.id, fromStatus: from, toStatus: to, ...by });
  await recordStudyEvent(tx, study, {
    eventType: STUDY_STATUS_EVENT,
    actorId: by.actorId,
    before: { status: from },
    after: { status: to, source: by.source },
  });
  return { ...study, status: to };
}

/**
 * Moves a study forward to `to` through every state between, as a vendor's news may skip one (results
 * arriving before the order's acceptance was seen). A study already at or past `to` is left as it is:
 * false. A cancelled or reviewed study is never moved.
 */
export async function advanceStudy(
  tx: Tx,
  study: StudyListRow,
  to: 'in-progress' | 'ready-for-review',
  by: { source: StudyChangeSource; actorId: string | null },
): Promise<{ study: StudyListRow; moved: boolean }> {
  const order: StudyStatus[] = ['new', 'in-progress', 'ready-for-review'];
  const at = order.indexOf(study.status as StudyStatus);
  const target = order.indexOf(to);
  if (at === -1 || at >= target) return { study, moved: false };
  let current = study;
  for (const next of order.slice(at + 1, target + 1)) current = await moveStudy(tx, current, next, by);
  return { study: current, moved: true };
}
