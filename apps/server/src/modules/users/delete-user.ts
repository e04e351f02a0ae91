import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { HttpError, UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { revokeSignIns } from '../credentials/sign-ins.repository';
import { toAuditSnapshot } from './to-user-resource';
import { getUserInScope } from './user-scope';
import { rolesVisibleInScope } from './users.access';
import { deleteUserRow } from './users.repository';

/**
 * Deletes an account. A clinic administrator may delete only users who belong to no clinic outside their
 * own; for anyone else they remove the roles at their clinic instead.
 */
export async function deleteUser(db: Db, actor: Actor, userId: string) {
  if (userId === actor.id) {
    throw new UnprocessableError('You cannot delete your own account', [
      { field: 'id', message: 'is your own account' },
    ]);
  }
  await inTransaction(db, async (tx) => {
    const { user, scope } = await getUserInScope(tx, actor, userId, 'user:delete');
    if (rolesVisibleInScope(user.roles, scope).length !== user.roles.length) {
      throw new HttpError(
        403,
        'This user also works at other clinics: remove their roles at your clinic instead',
      );
    }
    await revokeSignIns(tx, user.id);
    await deleteUserRow(tx, user.id);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: user.id,
      eventType: 'deleted',
      actorId: actor.id,
      before: toAuditSnapshot(user),
    });
  });
}
