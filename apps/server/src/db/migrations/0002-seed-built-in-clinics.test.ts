import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as seedBuiltInClinics from './0002-seed-built-in-clinics';

type Statement = { sql: string; parameters: readonly unknown[] };

/** Runs the migration against a database that answers nothing and returns every statement it sent. */
async function recordStatements(migration: (db: Kysely<unknown>) => Promise<void>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      sent.push({ sql: event.query.sql.replace(/\s+/g, ' ').trim(), parameters: event.query.parameters });
    },
  });
  await migration(db);
  return sent;
}

function fingerprint(statements: Statement[]): string {
  return createHash('sha256').update(JSON.stringify(statements)).digest('hex');
}

// A migration is history: on a fresh database it must do exactly what it did when it shipped, whatever
// later happens to the domain's built-in lists (sampleClinics, featureFlagDefaults, workflowDefaults).
describe('migration 0002 carries its own built-in data', () => {
  it('reads nothing from the domain package, so editing the live lists cannot change it', () => {
    const source = readFileSync(new URL('./0002-seed-built-in-clinics.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/@portal\/domain|packages\/domain/);
    expect(source).not.toMatch(/\b(sampleClinics|featureFlagDefaults|workflowDefaults)\b/);
  });

  it('seeds 9 flag defaults, 14 setting defaults and 50 sample clinics with their own flags', async () => {
    const statements = await recordStatements(seedBuiltInClinics.up);
    const count = (table: string) =>
      statements.filter((statement) => statement.sql.startsWith(`INSERT INTO ${table} `)).length;
    expect(count('feature_flag_defaults')).toBe(9);
    expect(count('workflow_defaults')).toBe(14);
    expect(count('organizations')).toBe(50);
    expect(count('organization_feature_flags')).toBe(151);
    expect(statements.find((statement) => statement.sql.startsWith('INSERT INTO organizations '))).toEqual({
      sql: "INSERT INTO organizations (npi, code, name, updated_by) VALUES ($1, $2, $3, 'system') RETURNING id",
      parameters: ['1655154049', 'RBHA', 'Riverbend Heart Associates'],
    });
  });

  it('sends exactly the statements and values it sent when it shipped (a frozen fingerprint)', async () => {
    // Changing the fingerprint means rewriting history: add a new migration instead.
    expect(fingerprint(await recordStatements(seedBuiltInClinics.up))).toBe(
      '05da6090e8e6e0ab8d370abff20e47468f0fcdd349fa132cbe551341043d230b',
    );
  });
});
