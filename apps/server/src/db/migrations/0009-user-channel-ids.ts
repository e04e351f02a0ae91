import { type Kysely, sql } from 'kysely';

// Each user's realtime channel is named after a stored identifier that is unique by construction
// (issue 10 part 6). Deriving it from the user id collided: 'samlp|x|jane.doe@y' and 'samlp|x|jane-doe@y'
// both became 'samlp-x-jane-doe-y'. A volatile default is evaluated per row, so existing users each get
// their own value when the column is added.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN channel_id uuid NOT NULL DEFAULT gen_random_uuid()`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_channel_id_key UNIQUE (channel_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN channel_id`.execute(db);
}
