import { assertCan } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { NotFoundError, UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { DEFAULT_AUDIT_ENTITY, type DefaultInput, defaultNameInUse, toDefaultValues } from './default-value';
import { findDefaultForUpdate, findDefaultNamed, updateDefaultRow } from './defaults.repository';

/** Replaces a global default's title, description, switch and value; its name stays. */
export async function updateDefault(db: Db, actor: Actor, id: string, input: DefaultInput) {
  assertCan(actor.user, 'defaults:manage', '*');
  const values = toDefaultValues(input);
  return inTransaction(db, async (tx) => {
    const before = await findDefaultForUpdate(tx, input.kind, id);
    if (!before) throw new NotFoundError('Default');
    if (await findDefaultNamed(tx, input.kind, values.name, id)) throw defaultNameInUse();
    // Clinics keep their own values under the name: renaming would silently orphan them.
    if (before.name !== values.name)
      throw new UnprocessableError('A default keeps its name', [
        { field: 'name', message: 'cannot be changed; create a new default instead' },
      ]);
    const row = await updateDefaultRow(tx, input.kind, id, values);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: DEFAULT_AUDIT_ENTITY[input.kind],
      entityId: row.id,
      eventType: 'workflow_modification',
      actorId: actor.id,
      before,
      after: row,
    });
    return row;
  });
}
