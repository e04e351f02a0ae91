import type { PermissionName } from '@portal/domain';
import { clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';

import { findDocumentById } from './documents.repository';

/**
 * A document the actor may see. One at another clinic answers 404, exactly like one that does not exist,
 * so ids never reveal what other clinics hold.
 */
export async function getVisibleDocument(
  db: Db | Tx,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean; permission?: PermissionName; includeDeleted?: boolean } = {},
) {
  const document = await findDocumentById(db, id, { forUpdate: options.forUpdate });
  const scope = clinicsWherePermitted(actor.user, options.permission ?? 'document:read');
  const readable = clinicsWherePermitted(actor.user, 'document:read');
  const visible = (list: typeof scope) =>
    list === 'all' || (document ? list.includes(document.clinicNpi) : false);
  if (!document || !visible(readable) || (document.deletedAt && !options.includeDeleted)) {
    throw new NotFoundError('Document');
  }
  return { document, mayAct: visible(scope) };
}
