import { isAfWithoutOac } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findRisingAfBurdenPatients } from '../device-data/find-rising-af-burden-patients';
import { findPatientsOacFacts, findPatientsWithAfAlerts } from './patients.repository';

/**
 * Of these patient records, the ones flagged "AF without OAC" (issue 13 §6): what the inbox shows beside
 * their documents. AF evidence is an AF history, an AF alert, or a rising AT/AF burden from the device
 * (issue 14 §3); the device's values are read only for patients whom it alone would flag. At most four
 * queries whatever the number of patients.
 */
export async function findAfWithoutOacPatients(db: Db | Tx, patientRefs: readonly string[]) {
  if (patientRefs.length === 0) return new Set<string>();
  const [patients, withAfAlerts] = await Promise.all([
    findPatientsOacFacts(db, patientRefs),
    findPatientsWithAfAlerts(db, patientRefs),
  ]);
  const factsOf = (patient: (typeof patients)[number]) => ({
    oacStatus: patient.oacStatus,
    medicalInfo: patient.medicalInfo as { hasAfibHistory?: boolean | null; hasLAAO?: boolean | null },
    oacHistory: patient.oacHistory,
    hasAfAlerts: withAfAlerts.has(patient.id),
  });
  const flagged = new Set(
    patients.filter((patient) => isAfWithoutOac(factsOf(patient))).map((patient) => patient.id),
  );
  const flaggedIfAf = patients.filter(
    (patient) => !flagged.has(patient.id) && isAfWithoutOac({ ...factsOf(patient), hasRisingAfBurden: true }),
  );
  for (const id of await findRisingAfBurdenPatients(db, flaggedIfAf)) flagged.add(id);
  return flagged;
}
