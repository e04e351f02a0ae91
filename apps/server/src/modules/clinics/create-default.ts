import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { DEFAULT_AUDIT_ENTITY, type DefaultInput, defaultNameInUse, toDefaultValues } from './default-value';
import { findDefaultNamed, insertDefault } from './defaults.repository';

/** Adds a global default every clinic inherits; its name must be free (409). */
export async function createDefault(db: Db, actor: Actor, input: DefaultInput) {
  assertCan(actor.user, 'defaults:manage', '*');
  const values = toDefaultValues(input);
  return inTransaction(db, async (tx) => {
    if (await findDefaultNamed(tx, input.kind, values.name)) throw defaultNameInUse();
    const row = await insertDefault(tx, input.kind, values);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: DEFAULT_AUDIT_ENTITY[input.kind],
      entityId: row.id,
      eventType: 'created',
      actorId: actor.id,
      before: null,
      after: row,
    });
    return row;
  });
}
