import type { UserProfileInput } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { updateUser } from './update-user';
import { getUserByEmailInScope } from './user-scope';

/** PATCH user-auth/users/{email}: some fields of the user with this e-mail (404 outside the actor's clinics). */
export async function updateUserByEmail(
  db: Db,
  actor: Actor,
  email: string,
  changes: Partial<UserProfileInput>,
) {
  const { user } = await getUserByEmailInScope(db, actor, email, 'user:update');
  return updateUser(db, actor, user.id, changes);
}
