import { assertCan, type MergedClinicConfiguration } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { lockDocumentComment } from './comments.repository';
import { getVisibleDocument } from './get-document';

/** 403 unless the actor may comment at the clinic (its configuration may turn comments off). */
export async function assertMayComment(
  tx: Db | Tx,
  actor: Actor,
  clinicNpi: string,
): Promise<MergedClinicConfiguration> {
  const configuration = await loadClinicConfiguration(tx, clinicNpi);
  assertCan(actor.user, 'document:comment', clinicNpi, configuration);
  return configuration;
}

/**
 * A comment to edit, react to or delete, locked: on a document the actor may see (404) and may comment
 * on (403). Whether the actor may make this change (only the author edits) is the operation's check.
 */
export async function lockCommentToChange(tx: Tx, actor: Actor, documentId: string, commentId: string) {
  const document = await getVisibleDocument(tx, actor, documentId);
  await assertMayComment(tx, actor, document.clinicNpi);
  const row = await lockDocumentComment(tx, documentId, commentId);
  if (!row) throw new NotFoundError('Comment');
  return { row, document };
}
