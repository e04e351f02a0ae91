import { type Kysely, sql } from 'kysely';

// Users and their per-clinic roles; the embedded OpenID provider's state (sessions, grants, codes, tokens),
// its signing keys and cookie secrets, so a restart signs nobody out; one-time password-change tickets;
// and a small key/value table for one-off start-up steps such as the demo data.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY CHECK (id ~ '^(auth0\\|[^|]+|samlp\\|[^|]+\\|[^|]+)$'),
      email text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      title text NOT NULL DEFAULT '',
      suffixes text NOT NULL DEFAULT '',
      npi text,
      phone text NOT NULL DEFAULT '',
      home_page text NOT NULL DEFAULT '',
      roles jsonb NOT NULL DEFAULT '[]'::jsonb,
      saml_profile_id text,
      is_locked boolean NOT NULL DEFAULT false,
      password_hash text,
      failed_login_count integer NOT NULL DEFAULT 0,
      login_locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_idx ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_roles_idx ON users USING gin (roles jsonb_path_ops)`.execute(db);

  await sql`
    CREATE TABLE oidc_payloads (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    )`.execute(db);
  await sql`CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id)`.execute(db);
  await sql`CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid)`.execute(db);
  await sql`CREATE INDEX oidc_payloads_expiry_idx ON oidc_payloads (expires_at)`.execute(db);

  await sql`
    CREATE TABLE app_secrets (
      name text PRIMARY KEY,
      value jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE password_change_tickets (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      return_url text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE app_state (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_state', 'password_change_tickets', 'app_secrets', 'oidc_payloads', 'users']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
