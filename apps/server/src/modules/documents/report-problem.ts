import { assertCan, PROBLEM_REPORT_DELAY_MS } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { addComment } from './add-comment';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';

/**
 * Report a problem (SPEC §4): mark the document a system error, wait 2 s, then add a system comment with
 * status 'problem reported'. Anyone who may comment may report. The wait is injectable for tests.
 */
export async function reportProblem(
  db: Db,
  actor: Actor,
  documentId: string,
  text: string,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  await inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(
      actor.user,
      'document:comment',
      document.clinicNpi,
      await loadClinicConfiguration(tx, document.clinicNpi),
    );
    if (!document.systemError) {
      await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'error',
        changes: { systemError: true },
        note: text,
      });
      await publishDocumentsChanged(tx, {
        clinicNpi: document.clinicNpi,
        ids: [document.id],
        eventType: 'error',
      });
    }
  });
  await wait(PROBLEM_REPORT_DELAY_MS);
  return addComment(
    db,
    actor,
    documentId,
    { text, status: 'problem reported', metadata: { reportedBy: actor.id } },
    { system: true },
  );
}
