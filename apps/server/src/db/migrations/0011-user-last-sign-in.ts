import { type Kysely, sql } from 'kysely';

// When each user last signed in through the portal's own login page (issue 11): the Users screen shows it
// beside the account's state. A sign-in is not a change to the user, so it is not audited and does not
// move updated_at. Null: never signed in here (or signs in through an external provider).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN last_sign_in_at`.execute(db);
}
