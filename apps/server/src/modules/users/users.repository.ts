import type { UserListQuery, UserSortField } from '@portal/domain';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { UserRoleRow, UsersTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { toContainsPattern } from '../../http/paging';

type Executor = Db | Tx;

export async function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function serializeRoles(roles: readonly UserRoleRow[]): string {
  return JSON.stringify(roles.map(({ role, clinicNPI }) => ({ role, clinicNPI })));
}

/** Users holding any role at one of the clinics (GIN-indexed containment). */
function hasRoleAtAnyClinic(npis: readonly string[]): Expression<SqlBool> {
  if (npis.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(
    npis.map((npi) => sql`roles @> ${JSON.stringify([{ clinicNPI: npi }])}::jsonb`),
    sql` OR `,
  )})`;
}

/** A page of users within the actor's scope ('all', or users with a role at one of the NPIs). */
export async function findUsersPage(
  db: Executor,
  options: { scope: 'all' | readonly string[]; query: UserListQuery },
) {
  const { scope, query } = options;
  let filtered = db.selectFrom('users');
  if (scope !== 'all') filtered = filtered.where(hasRoleAtAnyClinic(scope));
  if (query.search) {
    const pattern = toContainsPattern(query.search);
    filtered = filtered.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
      ]),
    );
  }
  if (query['filter[role]']) {
    const role = query['filter[role]'];
    const grants = scope === 'all' ? [{ role }] : scope.map((clinicNPI) => ({ role, clinicNPI }));
    filtered = filtered.where(
      sql<SqlBool>`(${sql.join(
        grants.map((grant) => sql`roles @> ${JSON.stringify([grant])}::jsonb`),
        sql` OR `,
      )})`,
    );
  }
  if (query['filter[isLocked]'])
    filtered = filtered.where('isLocked', '=', query['filter[isLocked]'] === 'true');

  const descending = query.order.startsWith('-');
  const field = (descending ? query.order.slice(1) : query.order) as UserSortField;
  // Accounts never signed in come last either way.
  const direction = descending ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;

  const [rows, total] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(sql`${sortExpression(field)} ${direction}`)
      .orderBy('id')
      .limit(query.rows)
      .offset((query.page - 1) * query.rows)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

function sortExpression(field: UserSortField) {
  switch (field) {
    case 'firstName':
      return sql`lower(first_name) || ' ' || lower(last_name)`;
    case 'lastName':
      return sql`lower(last_name) || ' ' || lower(first_name)`;
    case 'email':
      return sql`lower(email)`;
    default:
      return sql.ref(field);
  }
}

/** Users holding a role at the clinic itself (not only through '*'), for the clinic's user list. */
export async function findClinicUsersPage(
  db: Executor,
  options: { clinicNpi: string; query: UserListQuery },
) {
  return findUsersPage(db, { scope: [options.clinicNpi], query: options.query });
}

/** The users with this NPI who are not locked, with their roles: who an incoming document may go to. */
export async function findUnlockedUsersByNpi(db: Executor, npi: string) {
  return db
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('npi', '=', npi)
    .where('isLocked', '=', false)
    .execute();
}

export async function insertUser(tx: Tx, values: Insertable<UsersTable>) {
  return tx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a user's row (updatedAt is the caller's: a sign-in, for one, is not a change). */
export async function updateUserRow(tx: Tx, id: string, changes: Updateable<UsersTable>) {
  return tx.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteUserRow(tx: Tx, id: string) {
  await tx.deleteFrom('users').where('id', '=', id).execute();
}

/** Sets a new password; a temporary lockout after failed sign-ins ends with it. */
export async function setUserPassword(tx: Tx, id: string, passwordHash: string) {
  await tx
    .updateTable('users')
    .set({ passwordHash, failedLoginCount: 0, loginLockedUntil: null, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The active clinics by name, for the clinic picker (the caller keeps those the user may open). */
/**
 * The sign-in counters of an account. Not a change to the user: no audit event, and updatedAt stays (a
 * sign-in is shown on the Users screen as the last sign-in, not as an edit).
 */
export async function setSignInCounters(
  db: Executor,
  id: string,
  counters: { failedLoginCount: number; loginLockedUntil: Date | null; lastSignInAt?: Date },
) {
  await db.updateTable('users').set(counters).where('id', '=', id).execute();
}

/** The active clinics by name; `npis` narrows them to those (a user with clinic roles only). */
export async function findActiveClinics(db: Executor, options: { npis?: readonly string[] } = {}) {
  const { npis } = options;
  if (npis?.length === 0) return [];
  return db
    .selectFrom('organizations')
    .select(['id', 'npi', 'code', 'name'])
    .where('isActive', '=', true)
    .$if(npis !== undefined, (query) => query.where('npi', 'in', npis as readonly string[]))
    .orderBy(({ fn, ref }) => fn('lower', [ref('name')]))
    .execute();
}

export async function clinicExists(db: Executor, clinicNpi: string): Promise<boolean> {
  const clinic = await db
    .selectFrom('organizations')
    .select('id')
    .where('npi', '=', clinicNpi)
    .executeTakeFirst();
  return clinic !== undefined;
}
