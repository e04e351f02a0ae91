import { assertCan, type BulkResult } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { findUserById } from '../users/users.repository';
import { type BulkLog, settleBulkItems } from './bulk-outcome';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';
import { nextNote } from './sign-document';

export type ReassignInput = {
  reassignTo: string;
  physicianNpi?: string | null | undefined;
  physicianName?: string | null | undefined;
  note?: string | undefined;
  appendNote?: boolean | undefined;
};

/**
 * Reassigns documents to a user who works at each document's clinic (or everywhere). Each document is
 * its own transaction and answers {reportId, success}.
 */
export async function reassignDocuments(
  context: { db: Db; log: BulkLog },
  actor: Actor,
  ids: readonly string[],
  input: ReassignInput,
): Promise<BulkResult[]> {
  const { db } = context;
  const assignee = await findUserById(db, input.reassignTo);
  if (!assignee || assignee.isLocked) {
    throw new UnprocessableError('The new assignee is not an active user', [
      { field: 'reassignTo', message: 'is not an active user' },
    ]);
  }
  return settleBulkItems({ log: context.log, operation: 'reassign' }, ids, (id) =>
    inTransaction(db, async (tx) => {
      const document = await getVisibleDocument(tx, actor, id, { forUpdate: true });
      assertCan(actor.user, 'document:reassign', document.clinicNpi);
      const worksThere = assignee.roles.some(
        (grant) => grant.clinicNPI === document.clinicNpi || grant.clinicNPI === '*',
      );
      if (!worksThere) throw new UnprocessableError('The assignee does not work at this clinic', []);
      const note = input.note === undefined ? document.note : nextNote(document.note, input);
      await recordDocumentChange(tx, {
        document,
        actorId: actor.id,
        eventType: 'reassigned',
        changes: {
          assignedTo: assignee.id,
          note,
          ...(input.physicianNpi !== undefined ? { physicianNpi: input.physicianNpi } : {}),
          ...(input.physicianName !== undefined ? { physicianName: input.physicianName } : {}),
        },
        note: input.note ?? null,
      });
      await publishDocumentsChanged(tx, {
        clinicNpi: document.clinicNpi,
        ids: [document.id],
        eventType: 'reassigned',
      });
    }),
  );
}
