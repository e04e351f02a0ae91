import { type Kysely, sql } from 'kysely';

// Clinics (organizations), the global feature-flag and workflow/setting defaults, and each clinic's own values.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      npi text NOT NULL UNIQUE CHECK (npi ~ '^[0-9]{10}$'),
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      saml_connection_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    )`.execute(db);
  await sql`CREATE INDEX organizations_name_idx ON organizations (lower(name))`.execute(db);

  await sql`
    CREATE TABLE feature_flag_defaults (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      enabled boolean NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE workflow_defaults (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      enabled boolean NOT NULL,
      value_type text NOT NULL,
      value text
    )`.execute(db);

  await sql`
    CREATE TABLE organization_feature_flags (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL,
      enabled boolean NOT NULL,
      PRIMARY KEY (organization_id, name)
    )`.execute(db);

  await sql`
    CREATE TABLE organization_workflows (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL,
      enabled boolean NOT NULL,
      value text,
      PRIMARY KEY (organization_id, name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'organization_workflows',
    'organization_feature_flags',
    'workflow_defaults',
    'feature_flag_defaults',
    'organizations',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
