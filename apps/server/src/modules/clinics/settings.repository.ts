import { CLINIC_WIDE_SETTINGS_USER_ID } from '@portal/domain';
import type { Insertable } from 'kysely';
import type { DeviceCheckSettingsTable, SignatureSettingsTable } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

// Prompt lists are stored newline-joined.

export function joinPromptLines(prompts: readonly string[]): string {
  return prompts.join('\n');
}

/** A stored prompt list read back, blank lines dropped. */
export function splitPromptLines(stored: string): string[] {
  return stored.split('\n').filter((line) => line.trim() !== '');
}

/** The signature settings stored at a clinic for a user and for the whole clinic ('0'), at most two rows. */
export async function findSignatureSettingsRows(db: Executor, clinicNpi: string, userId: string) {
  return db
    .selectFrom('signatureSettings')
    .selectAll()
    .where('clinicNpi', '=', clinicNpi)
    .where('userId', 'in', [userId, CLINIC_WIDE_SETTINGS_USER_ID])
    .execute();
}

export async function upsertSignatureSettings(tx: Tx, row: Insertable<SignatureSettingsTable>) {
  await tx
    .insertInto('signatureSettings')
    .values(row)
    .onConflict((conflict) => conflict.columns(['clinicNpi', 'userId']).doUpdateSet(row))
    .execute();
}

export async function findDeviceCheckSettingsRow(db: Executor, clinicNpi: string) {
  return db
    .selectFrom('deviceCheckSettings')
    .selectAll()
    .where('clinicNpi', '=', clinicNpi)
    .executeTakeFirst();
}

export async function upsertDeviceCheckSettings(tx: Tx, row: Insertable<DeviceCheckSettingsTable>) {
  await tx
    .insertInto('deviceCheckSettings')
    .values(row)
    .onConflict((conflict) => conflict.column('clinicNpi').doUpdateSet(row))
    .execute();
}

export async function deleteDeviceCheckSettings(tx: Tx, clinicNpi: string) {
  await tx.deleteFrom('deviceCheckSettings').where('clinicNpi', '=', clinicNpi).execute();
}
