import type { DocumentRow } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { moveStudy } from './move-study';
import { findStudyByDocumentId } from './studies.repository';

/**
 * A study whose results document was signed is reviewed (issue 16 §1), in the signature's transaction.
 * Un-signing the document later leaves the study reviewed: the review happened, and the audit says so.
 */
export async function markStudyReviewed(tx: Tx, document: DocumentRow, actorId: string): Promise<void> {
  if (document.status !== 'signed') return;
  const study = await findStudyByDocumentId(tx, document.id);
  if (study?.status === 'ready-for-review')
    await moveStudy(tx, study, 'reviewed', { source: 'signature', actorId });
}
