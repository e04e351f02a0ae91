import { type Kysely, sql } from 'kysely';

// Device capture (issue 15): a clinic pairs a GTIN the device catalog does not know with a catalog model, once,
// and every later scan of that GTIN at the clinic fills that model. One pairing per clinic and GTIN (GTIN-14);
// the model is named as the catalog names it (manufacturer code and model number). Who made the pairing and
// who changed it last are kept with it; each change is also in the clinic's audit chain.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_gtin_pairings (
      clinic_npi text NOT NULL REFERENCES organizations (npi) ON UPDATE CASCADE ON DELETE CASCADE,
      gtin text NOT NULL CONSTRAINT device_gtin_pairings_gtin_14_digits CHECK (gtin ~ '^[0-9]{14}$'),
      manufacturer text NOT NULL,
      model_number text NOT NULL,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT device_gtin_pairings_clinic_gtin_key UNIQUE (clinic_npi, gtin)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS device_gtin_pairings`.execute(db);
}
