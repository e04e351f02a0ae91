import { isStudyFinal } from '@portal/domain';
import { inTransaction } from '../../db/transaction';
import type { IngestContext } from '../documents/ingest-document';
import { advanceStudy, moveStudy } from './move-study';
import { recordStudyResults } from './record-study-results';
import { findStudyById } from './studies.repository';
import type { ZollPort } from './study-vendors';

/**
 * Brings a sleep study up to date with Zoll: reads the study's state there and moves ours forward: a
 * device shipped or worn is in progress, a scored study's results and report become its document, and a
 * study Zoll cancelled is cancelled. Zoll's state is read afresh every time, so a status update that
 * arrives late or out of order cannot move a study backwards.
 */
export async function syncZollStudy(
  context: { ingest: IngestContext; zoll: ZollPort },
  studyId: string,
  signal?: AbortSignal,
): Promise<void> {
  const { db } = context.ingest;
  const study = await findStudyById(db, studyId);
  if (!study?.vendorReference || isStudyFinal(study.status) || study.documentId) return;
  const state = await context.zoll.getStudy(study.vendorReference, signal ? { signal } : {});
  if (state.status === 'scored' && state.results) {
    const pdf = await context.zoll.getReport(study.vendorReference, signal ? { signal } : {});
    await recordStudyResults(context.ingest, study.id, {
      results: { suite: 'sleep', ...state.results },
      pdf,
      completedAt: new Date(state.results.scoredAt),
    });
    return;
  }
  await inTransaction(db, async (tx) => {
    const locked = await findStudyById(tx, studyId, { forUpdate: true });
    if (!locked || isStudyFinal(locked.status)) return;
    if (state.status === 'cancelled')
      await moveStudy(tx, locked, 'cancelled', { source: 'vendor', actorId: null });
    else if (state.status === 'device-shipped' || state.status === 'in-progress')
      await advanceStudy(tx, locked, 'in-progress', { source: 'vendor', actorId: null });
  });
}
