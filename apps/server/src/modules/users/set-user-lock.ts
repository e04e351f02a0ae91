import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { revokeSignIns } from '../credentials/sign-ins.repository';
import { toUserResource } from './to-user-resource';
import { getUserInScope } from './user-scope';
import { rolesVisibleInScope } from './users.access';
import { updateUserRow } from './users.repository';

/** Locks or unlocks an account; locking also ends its sessions and refresh tokens at once. */
export async function setUserLock(db: Db, actor: Actor, userId: string, isLocked: boolean) {
  if (userId === actor.id && isLocked) {
    throw new UnprocessableError('You cannot lock your own account', [
      { field: 'isLocked', message: 'cannot lock yourself' },
    ]);
  }
  return inTransaction(db, async (tx) => {
    const { user, scope } = await getUserInScope(tx, actor, userId, 'user:lock');
    const updated = await updateUserRow(tx, user.id, {
      isLocked,
      failedLoginCount: 0,
      loginLockedUntil: null,
      updatedAt: new Date(),
    });
    if (isLocked) await revokeSignIns(tx, user.id);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: user.id,
      eventType: isLocked ? 'locked' : 'unlocked',
      actorId: actor.id,
      before: { isLocked: user.isLocked },
      after: { isLocked: updated.isLocked },
    });
    return toUserResource(updated, rolesVisibleInScope(updated.roles, scope));
  });
}
