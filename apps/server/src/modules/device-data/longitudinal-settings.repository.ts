import {
  CLINIC_WIDE_SETTINGS_USER_ID,
  type StoredLongitudinalSettings,
  storedLongitudinalSettingsSchema,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

/** A stored row read back through the schema: a row that no longer parses counts as nothing stored. */
function parseStored(settings: unknown): StoredLongitudinalSettings {
  const parsed = storedLongitudinalSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data : {};
}

/**
 * The clinic's stored settings and, unless the user is the clinic scope itself, the user's at that clinic,
 * in one query. Only the two scopes the caller names are read: a user never sees another user's.
 */
export async function findLongitudinalSettingsScopes(
  db: Executor,
  clinicNpi: string,
  userId: string,
): Promise<{ clinic: StoredLongitudinalSettings; user: StoredLongitudinalSettings | null }> {
  const rows = await db
    .selectFrom('longitudinalSettings')
    .select(['userId', 'settings'])
    .where('clinicNpi', '=', clinicNpi)
    .where('userId', 'in', [CLINIC_WIDE_SETTINGS_USER_ID, userId])
    .execute();
  const of = (id: string) => {
    const row = rows.find((candidate) => candidate.userId === id);
    return row ? parseStored(row.settings) : {};
  };
  return {
    clinic: of(CLINIC_WIDE_SETTINGS_USER_ID),
    user: userId === CLINIC_WIDE_SETTINGS_USER_ID ? null : of(userId),
  };
}

/** The clinic-scope settings of several clinics (the AF-without-OAC flag reads their AF thresholds). */
export async function findClinicsLongitudinalSettings(
  db: Executor,
  clinicNpis: readonly string[],
): Promise<Map<string, StoredLongitudinalSettings>> {
  if (clinicNpis.length === 0) return new Map();
  const rows = await db
    .selectFrom('longitudinalSettings')
    .select(['clinicNpi', 'settings'])
    .where('clinicNpi', 'in', [...clinicNpis])
    .where('userId', '=', CLINIC_WIDE_SETTINGS_USER_ID)
    .execute();
  return new Map(rows.map((row) => [row.clinicNpi, parseStored(row.settings)]));
}

/** Replaces one scope's stored settings whole. */
export async function upsertLongitudinalSettings(
  tx: Tx,
  row: { clinicNpi: string; userId: string; settings: StoredLongitudinalSettings; updatedBy: string },
) {
  const values = {
    clinicNpi: row.clinicNpi,
    userId: row.userId,
    settings: JSON.stringify(row.settings),
    updatedBy: row.updatedBy,
    updatedAt: new Date(),
  };
  await tx
    .insertInto('longitudinalSettings')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['clinicNpi', 'userId']).doUpdateSet({
        settings: values.settings,
        updatedBy: values.updatedBy,
        updatedAt: values.updatedAt,
      }),
    )
    .execute();
}

export async function deleteLongitudinalSettings(tx: Tx, clinicNpi: string, userId: string) {
  await tx
    .deleteFrom('longitudinalSettings')
    .where('clinicNpi', '=', clinicNpi)
    .where('userId', '=', userId)
    .execute();
}
