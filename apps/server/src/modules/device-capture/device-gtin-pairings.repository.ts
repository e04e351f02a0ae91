import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

export type DeviceGtinPairing = { manufacturer: string; modelNumber: string };

/** The clinic's pairing of this GTIN-14, if it has one. */
export async function findDeviceGtinPairing(
  db: Executor,
  clinicNpi: string,
  gtin: string,
): Promise<DeviceGtinPairing | undefined> {
  return db
    .selectFrom('deviceGtinPairings')
    .select(['manufacturer', 'modelNumber'])
    .where('clinicNpi', '=', clinicNpi)
    .where('gtin', '=', gtin)
    .executeTakeFirst();
}

/**
 * Serialises changes to one clinic's pairing of one GTIN for the rest of the transaction, so what the audit
 * event says was there before is what was there, even while the pairing does not exist yet.
 */
export async function lockDeviceGtinPairing(tx: Tx, clinicNpi: string, gtin: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`device-gtin:${clinicNpi}:${gtin}`}))`.execute(tx);
}

/** Creates the clinic's pairing of the GTIN, or points it at another model. */
export async function upsertDeviceGtinPairing(
  tx: Tx,
  row: { clinicNpi: string; gtin: string; manufacturer: string; modelNumber: string; actorId: string },
) {
  const now = new Date();
  await tx
    .insertInto('deviceGtinPairings')
    .values({
      clinicNpi: row.clinicNpi,
      gtin: row.gtin,
      manufacturer: row.manufacturer,
      modelNumber: row.modelNumber,
      createdBy: row.actorId,
      updatedBy: row.actorId,
      updatedAt: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['clinicNpi', 'gtin']).doUpdateSet({
        manufacturer: row.manufacturer,
        modelNumber: row.modelNumber,
        updatedBy: row.actorId,
        updatedAt: now,
      }),
    )
    .execute();
}

/** Removes the clinic's pairing of the GTIN; whether there was one. */
export async function deleteDeviceGtinPairing(tx: Tx, clinicNpi: string, gtin: string): Promise<boolean> {
  const result = await tx
    .deleteFrom('deviceGtinPairings')
    .where('clinicNpi', '=', clinicNpi)
    .where('gtin', '=', gtin)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
