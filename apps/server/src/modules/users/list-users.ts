import { clinicsWherePermitted, type UserListQuery } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toUserResource } from './to-user-resource';
import { rolesVisibleInScope } from './users.access';
import { findUsersPage } from './users.repository';

/** Users the actor may see: everyone for a global administrator, else users of the actor's clinics. */
export async function listUsers(db: Db, actor: Actor, query: UserListQuery) {
  const scope = clinicsWherePermitted(actor.user, 'user:read');
  const { rows, totalCount } = await findUsersPage(db, { scope, query });
  return { data: rows.map((row) => toUserResource(row, rolesVisibleInScope(row.roles, scope))), totalCount };
}
