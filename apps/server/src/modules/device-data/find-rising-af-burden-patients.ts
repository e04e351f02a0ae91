import { AT_BURDEN_KEY, isAfBurdenRising, resolveLongitudinalSettings } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findLatestNumericValues } from './device-sessions.repository';
import { findClinicsLongitudinalSettings } from './longitudinal-settings.repository';

/**
 * Of these patients, those whose device reports a rising AT/AF burden (isAfBurdenRising over their latest
 * two values, under their clinic's thresholds): AF evidence for the "AF without OAC" flag (issue 14 §3).
 * Two queries whatever the number of patients.
 */
export async function findRisingAfBurdenPatients(
  db: Db | Tx,
  patients: readonly { id: string; clinicNpi: string }[],
): Promise<Set<string>> {
  if (patients.length === 0) return new Set();
  const [latest, clinicSettings] = await Promise.all([
    findLatestNumericValues(
      db,
      patients.map((patient) => patient.id),
      AT_BURDEN_KEY,
      2,
    ),
    findClinicsLongitudinalSettings(db, [...new Set(patients.map((patient) => patient.clinicNpi))]),
  ]);
  const rising = new Set<string>();
  for (const patient of patients) {
    const newestFirst = latest.get(patient.id);
    if (!newestFirst) continue;
    const { thresholds } = resolveLongitudinalSettings(clinicSettings.get(patient.clinicNpi), null);
    if (isAfBurdenRising(newestFirst.toReversed(), thresholds)) rising.add(patient.id);
  }
  return rising;
}
