import type { PrintoutIdentityComparison } from '@portal/domain';
import type { Db, Tx } from '../../../db/transaction';

export type PrintoutIdentityCheck = {
  id: string;
  clinicNpi: string;
  patientRef: string;
  printoutSha256: string;
  comparison: PrintoutIdentityComparison;
  needsConfirmation: boolean;
  createdBy: string;
};

/** Records what a printout read for a patient says about its identity (issue 29 §1). */
export async function insertPrintoutIdentityCheck(
  db: Db | Tx,
  check: Omit<PrintoutIdentityCheck, 'id'>,
): Promise<string> {
  const row = await db
    .insertInto('printoutIdentityChecks')
    .values({ ...check, comparison: JSON.stringify(check.comparison) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The check, if it was made for this patient of this clinic; undefined otherwise (another's answers 422). */
export async function findPrintoutIdentityCheck(
  db: Db | Tx,
  scope: { clinicNpi: string; patientRef: string },
  id: string,
): Promise<PrintoutIdentityCheck | undefined> {
  const row = await db
    .selectFrom('printoutIdentityChecks')
    .select([
      'id',
      'clinicNpi',
      'patientRef',
      'printoutSha256',
      'comparison',
      'needsConfirmation',
      'createdBy',
    ])
    .where('id', '=', id)
    .where('clinicNpi', '=', scope.clinicNpi)
    .where('patientRef', '=', scope.patientRef)
    .executeTakeFirst();
  return row ? { ...row, comparison: row.comparison as unknown as PrintoutIdentityComparison } : undefined;
}
