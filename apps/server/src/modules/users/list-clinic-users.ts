import { filterRolesForClinic, type UserListQuery } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toUserResource } from './to-user-resource';
import { assertClinicInScope } from './user-scope';
import { findClinicUsersPage } from './users.repository';

/** One clinic's users, each with the roles filtered to that clinic (SPEC §3). */
export async function listClinicUsers(db: Db, actor: Actor, clinicNpi: string, query: UserListQuery) {
  await assertClinicInScope(db, actor, clinicNpi, 'user:read');
  const { rows, totalCount } = await findClinicUsersPage(db, { clinicNpi, query });
  return {
    data: rows.map((row) => toUserResource(row, filterRolesForClinic(row.roles, clinicNpi))),
    totalCount,
  };
}
