// OAC rules of issue 13 §6, kept free of zod so the web can use them.

// The '(unknown medication)' label and the custom prefix live beside the statuses (oac-statuses.ts):
// formatMedicationName and OAC_CUSTOM_PREFIX.
import { OAC_CUSTOM_PREFIX, OAC_STATUSES, type OacStatus, parseOacValue } from './oac-statuses';

/** The stored value of a status chosen in the custom form: SPEC §3's prefix in front of the status. */
export function customOacValue(status: OacStatus): string {
  return `${OAC_CUSTOM_PREFIX}${status}`;
}

/** The SPEC §3 status a stored value stands for, with or without the custom prefix; null when none. */
export function oacStatusOf(value: string | null | undefined): OacStatus | null {
  if (!value) return null;
  const { status } = parseOacValue(value);
  return (OAC_STATUSES as readonly string[]).includes(status) ? (status as OacStatus) : null;
}

/**
 * Statuses that record a decision about AF without OAC (an occluded appendage, a contraindication, a
 * choice to stop AF alerts): such a patient is not flagged.
 */
export const AF_WITHOUT_OAC_EXCLUDED_STATUSES: readonly OacStatus[] = [
  'has-laao',
  'oac-contraindicated',
  'not-on-oac-stop-af-alerts',
];

export type AfWithoutOacInput = {
  oacStatus: string | null | undefined;
  medicalInfo?: { hasAfibHistory?: boolean | null; hasLAAO?: boolean | null } | null;
  oacHistory?: readonly { startDate: string; endDate: string | null }[] | null;
  /** Whether any of the patient's documents raised an AF alert. */
  hasAfAlerts?: boolean;
  /** Whether the patient's device reports a rising AT/AF burden (isAfBurdenRising, issue 14 §3). */
  hasRisingAfBurden?: boolean;
};

/** An OAC history entry running on `today` (YYYY-MM-DD): started, and not ended before today. */
export function isOacEntryCurrent(
  entry: { startDate: string; endDate: string | null },
  today: string,
): boolean {
  return entry.startDate <= today && (!entry.endDate || entry.endDate >= today);
}

/**
 * "AF history or AF alerts, and not on OAC" (issue 13 §6). A rising AT/AF burden from the device counts as
 * AF evidence too (issue 14 §3). On OAC means the status on-oac or a running history entry. An LAAO in the medical info counts as has-laao: both record that the appendage is closed.
 */
export function isAfWithoutOac(
  patient: AfWithoutOacInput,
  today: string = new Date().toISOString().slice(0, 10),
) {
  const hasAf =
    patient.medicalInfo?.hasAfibHistory === true ||
    patient.hasAfAlerts === true ||
    patient.hasRisingAfBurden === true;
  if (!hasAf) return false;
  const status = oacStatusOf(patient.oacStatus);
  if (status === 'on-oac') return false;
  if (status && AF_WITHOUT_OAC_EXCLUDED_STATUSES.includes(status)) return false;
  if (patient.medicalInfo?.hasLAAO === true) return false;
  return !(patient.oacHistory ?? []).some((entry) => isOacEntryCurrent(entry, today));
}

/** A problem with an OAC entry's dates, naming the field, or null: the end may not precede the start. */
export function oacEndDateProblem(
  startDate: string,
  endDate: string | null | undefined,
): { field: 'endDate'; message: string } | null {
  return endDate && endDate < startDate
    ? { field: 'endDate', message: 'must not be before startDate' }
    : null;
}
