import { clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findDocumentInScope } from './documents.repository';

/**
 * A document the actor may see: at a clinic where they may read documents, and not in the trash unless
 * asked. One at another clinic answers 404, exactly like one that does not exist, so ids never reveal
 * what other clinics hold. Whether the actor may act on it is the operation's next check (assertCan).
 */
export async function getVisibleDocument(
  db: Db | Tx,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean; includeDeleted?: boolean } = {},
) {
  const scope = clinicsWherePermitted(actor.user, 'document:read');
  const document = await findDocumentInScope(db, scope, id, { forUpdate: options.forUpdate });
  if (!document || (document.deletedAt && !options.includeDeleted)) throw new NotFoundError('Document');
  return document;
}
