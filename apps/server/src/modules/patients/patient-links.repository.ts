import type { Insertable } from 'kysely';
import type { PatientsTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';

// Documents and the patients they belong to. Callers have checked the clinics against the actor.

/** Inserts the patients not there yet (by clinic and patient id); answers the ones it inserted. */
export async function insertMissingPatients(tx: Tx, rows: Insertable<PatientsTable>[]) {
  if (rows.length === 0) return [];
  return tx
    .insertInto('patients')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['clinicNpi', 'patientId']).doNothing())
    .returning(['id', 'clinicNpi', 'patientId'])
    .execute();
}

/** The patient record ids of these clinic patient ids. */
export async function findPatientRefs(tx: Tx, clinicNpi: string, patientIds: readonly string[]) {
  if (patientIds.length === 0) return [];
  return tx
    .selectFrom('patients')
    .select(['id', 'patientId'])
    .where('clinicNpi', '=', clinicNpi)
    .where('patientId', 'in', patientIds)
    .execute();
}

/**
 * One unlinked document per patient of these clinics (the newest, whose names are the latest), at most
 * `limit`; documents in the trash count, since they are records too.
 */
export async function findUnlinkedDocumentPatients(tx: Tx, clinicNpis: readonly string[], limit: number) {
  return tx
    .selectFrom('documents')
    .distinctOn(['clinicNpi', 'patientId'])
    .select([
      'clinicNpi',
      'patientId',
      'patientFirstName',
      'patientLastName',
      'patientDob',
      'device',
      'deviceDetail',
      'physicianNpi',
    ])
    .where('clinicNpi', 'in', clinicNpis)
    .where('patientRef', 'is', null)
    .orderBy('clinicNpi')
    .orderBy('patientId')
    .orderBy('dos', 'desc')
    .limit(limit)
    .execute();
}

/** Points every unlinked document of these patients at its patient record; answers how many. */
export async function linkDocumentsOfPatients(tx: Tx, clinicNpi: string, patientIds: readonly string[]) {
  if (patientIds.length === 0) return 0;
  const result = await tx
    .updateTable('documents')
    .set((eb) => ({
      patientRef: eb
        .selectFrom('patients')
        .select('patients.id')
        .whereRef('patients.clinicNpi', '=', 'documents.clinicNpi')
        .whereRef('patients.patientId', '=', 'documents.patientId'),
    }))
    .where('clinicNpi', '=', clinicNpi)
    .where('patientId', 'in', patientIds)
    .where('patientRef', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
