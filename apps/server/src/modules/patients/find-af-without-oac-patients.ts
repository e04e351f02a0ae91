import { isAfWithoutOac } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findPatientsOacFacts, findPatientsWithAfAlerts } from './patients.repository';

/**
 * Of these patient records, the ones flagged "AF without OAC" (issue 13 §6): what the inbox shows beside
 * their documents. Two queries whatever the number of patients.
 */
export async function findAfWithoutOacPatients(db: Db | Tx, patientRefs: readonly string[]) {
  if (patientRefs.length === 0) return new Set<string>();
  const [patients, withAfAlerts] = await Promise.all([
    findPatientsOacFacts(db, patientRefs),
    findPatientsWithAfAlerts(db, patientRefs),
  ]);
  return new Set(
    patients
      .filter((patient) =>
        isAfWithoutOac({
          oacStatus: patient.oacStatus,
          medicalInfo: patient.medicalInfo as { hasAfibHistory?: boolean | null; hasLAAO?: boolean | null },
          oacHistory: patient.oacHistory,
          hasAfAlerts: withAfAlerts.has(patient.id),
        }),
      )
      .map((patient) => patient.id),
  );
}
