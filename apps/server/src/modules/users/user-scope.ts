import type { PermissionName } from '@portal/domain';
import { clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { isUserInScope } from './users.access';
import { clinicExists, findUserByEmail, findUserById } from './users.repository';

/**
 * Loads a user the actor may act on under a permission; a user outside the actor's clinics is a 404,
 * exactly like one that does not exist.
 */
export async function getUserInScope(db: Db | Tx, actor: Actor, userId: string, permission: PermissionName) {
  const scope = clinicsWherePermitted(actor.user, permission);
  const user = await findUserById(db, userId);
  if (!user || !isUserInScope(user.roles, scope)) throw new NotFoundError('User');
  return { user, scope };
}

/** The same, for the user-auth routes that name a user by e-mail. */
export async function getUserByEmailInScope(
  db: Db | Tx,
  actor: Actor,
  email: string,
  permission: PermissionName,
) {
  const scope = clinicsWherePermitted(actor.user, permission);
  const user = await findUserByEmail(db, email);
  if (!user || !isUserInScope(user.roles, scope)) throw new NotFoundError('User');
  return { user, scope };
}

/** A clinic that exists and where the actor holds the permission, or 404 either way. */
export async function assertClinicInScope(
  db: Db | Tx,
  actor: Actor,
  clinicNpi: string,
  permission: PermissionName,
) {
  const scope = clinicsWherePermitted(actor.user, permission);
  const inScope = scope === 'all' || scope.includes(clinicNpi);
  if (!inScope || !(await clinicExists(db, clinicNpi))) throw new NotFoundError('Clinic');
}
