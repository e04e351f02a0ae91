import { featureFlagDefaults, sampleClinics, workflowDefaults } from '@portal/domain';
import { type Kysely, sql } from 'kysely';

// The built-in data of SPEC §3 and §9: flag and setting defaults and the sample clinics. It runs once, as a
// migration, so an administrator's later edits (a deleted default, say) are never re-seeded on restart.
// A change to the built-in lists needs a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const flag of featureFlagDefaults) {
    await sql`
      INSERT INTO feature_flag_defaults (name, title, description, enabled)
      VALUES (${flag.name}, ${flag.title}, ${flag.description}, ${flag.enabled})`.execute(db);
  }
  for (const setting of workflowDefaults) {
    await sql`
      INSERT INTO workflow_defaults (name, title, description, enabled, value_type, value)
      VALUES (${setting.name}, ${setting.title}, ${setting.description}, ${setting.enabled},
              ${setting.valueType}, ${setting.value ?? null})`.execute(db);
  }
  for (const clinic of sampleClinics) {
    const inserted = await sql<{ id: string }>`
      INSERT INTO organizations (npi, code, name, updated_by)
      VALUES (${clinic.npi}, ${clinic.code}, ${clinic.name}, 'system')
      RETURNING id`.execute(db);
    const organizationId = inserted.rows[0]?.id;
    for (const flag of clinic.featureFlags) {
      await sql`
        INSERT INTO organization_feature_flags (organization_id, name, enabled)
        VALUES (${organizationId}, ${flag.name}, ${flag.enabled})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM organizations WHERE updated_by = 'system'`.execute(db);
  await sql`DELETE FROM workflow_defaults`.execute(db);
  await sql`DELETE FROM feature_flag_defaults`.execute(db);
}
