import { randomBytes } from 'node:crypto';
import { assertCanGrantRole, clinicsWherePermitted, type UserProfileInput } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError, UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashPassword } from '../credentials/passwords';
import { toAuditSnapshot, toUserResource } from './to-user-resource';
import { rolesVisibleInScope } from './users.access';
import { findUserByEmail, insertUser, serializeRoles } from './users.repository';

export function newLocalUserId(): string {
  return `auth0|${randomBytes(12).toString('hex')}`;
}

/** Creates a local account. A clinic administrator may only create users with roles at their own clinics. */
export async function createUser(
  db: Db,
  actor: Actor,
  input: UserProfileInput & { password?: string | undefined; id?: string; samlProfileId?: string | null },
) {
  const scope = clinicsWherePermitted(actor.user, 'user:create');
  for (const grant of input.roles) assertCanGrantRole(actor.user, grant);
  if (scope !== 'all' && !input.roles.some((grant) => scope.includes(grant.clinicNPI))) {
    throw new UnprocessableError('A new user needs a role at one of your clinics', [
      { field: 'roles', message: 'must include a role at one of your clinics' },
    ]);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;

  const created = await inTransaction(db, async (tx) => {
    if (await findUserByEmail(tx, input.email)) {
      throw new ConflictError('A user with this e-mail already exists', [
        { field: 'email', message: 'is already in use' },
      ]);
    }
    const row = await insertUser(tx, {
      id: input.id ?? newLocalUserId(),
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      title: input.title,
      suffixes: input.suffixes,
      npi: input.npi || null,
      phone: input.phone,
      homePage: input.homePage,
      roles: serializeRoles(input.roles),
      samlProfileId: input.samlProfileId ?? null,
      passwordHash,
    });
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: row.id,
      eventType: 'created',
      actorId: actor.id,
      after: toAuditSnapshot(row),
    });
    return row;
  });
  return toUserResource(created, rolesVisibleInScope(created.roles, scope));
}
