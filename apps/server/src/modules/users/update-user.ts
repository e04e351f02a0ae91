import { assertCanGrantRole, type UserProfileInput, type UserRole } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { toAuditSnapshot, toUserResource } from './to-user-resource';
import { getUserInScope } from './user-scope';
import { rolesVisibleInScope } from './users.access';
import { findUserByEmail, serializeRoles, updateUserRow } from './users.repository';

const grantKey = (grant: UserRole) => `${grant.role}@${grant.clinicNPI}`;

/**
 * The new role list: the roles the actor can see are replaced by the requested ones, roles at clinics
 * outside the actor's scope stay as they were. Every grant added or removed must be the actor's to give.
 */
function mergeRoles(
  actor: Actor,
  current: readonly UserRole[],
  visible: readonly UserRole[],
  requested: readonly UserRole[],
) {
  const visibleKeys = new Set(visible.map(grantKey));
  const requestedKeys = new Set(requested.map(grantKey));
  const added = requested.filter((grant) => !visibleKeys.has(grantKey(grant)));
  const removed = visible.filter((grant) => !requestedKeys.has(grantKey(grant)));
  for (const grant of [...added, ...removed]) assertCanGrantRole(actor.user, grant);
  const hidden = current.filter((grant) => !visibleKeys.has(grantKey(grant)));
  const unique = new Map([...hidden, ...requested].map((grant) => [grantKey(grant), grant]));
  return [...unique.values()];
}

/** PUT (every field) and PATCH (the fields given) of a user's profile and roles. */
export async function updateUser(db: Db, actor: Actor, userId: string, changes: Partial<UserProfileInput>) {
  return inTransaction(db, async (tx) => {
    const { user, scope } = await getUserInScope(tx, actor, userId, 'user:update');
    const visible = rolesVisibleInScope(user.roles, scope);
    const roles = changes.roles ? mergeRoles(actor, user.roles, visible, changes.roles) : user.roles;
    if (changes.email && changes.email.toLowerCase() !== user.email.toLowerCase()) {
      const other = await findUserByEmail(tx, changes.email);
      if (other && other.id !== user.id) {
        throw new ConflictError('A user with this e-mail already exists', [
          { field: 'email', message: 'is already in use' },
        ]);
      }
    }
    const { roles: _roles, npi, ...profile } = changes;
    const updated = await updateUserRow(tx, user.id, {
      ...profile,
      ...(npi !== undefined ? { npi: npi || null } : {}),
      roles: serializeRoles(roles),
      updatedAt: new Date(),
    });
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: user.id,
      eventType: 'updated',
      actorId: actor.id,
      before: toAuditSnapshot(user),
      after: toAuditSnapshot(updated),
    });
    return toUserResource(updated, rolesVisibleInScope(updated.roles, scope));
  });
}
