import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toUserResource } from './to-user-resource';
import { getUserInScope } from './user-scope';
import { rolesVisibleInScope } from './users.access';

export async function getUser(db: Db, actor: Actor, userId: string) {
  const { user, scope } = await getUserInScope(db, actor, userId, 'user:read');
  return toUserResource(user, rolesVisibleInScope(user.roles, scope));
}
