import { assertCan, type DefaultKind } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { DEFAULT_AUDIT_ENTITY } from './default-value';
import { deleteDefaultRow, findDefaultForUpdate } from './defaults.repository';

/**
 * Deletes a global default. It leaves every clinic's merged view at once, since the merge ignores names
 * without a default; the clinics' own values under its name stay stored.
 */
export async function deleteDefault(db: Db, actor: Actor, kind: DefaultKind, id: string) {
  assertCan(actor.user, 'defaults:manage', '*');
  await inTransaction(db, async (tx) => {
    const row = await findDefaultForUpdate(tx, kind, id);
    if (!row) throw new NotFoundError('Default');
    await deleteDefaultRow(tx, kind, row.id);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: DEFAULT_AUDIT_ENTITY[kind],
      entityId: row.id,
      eventType: 'deleted',
      actorId: actor.id,
      before: row,
    });
  });
}
