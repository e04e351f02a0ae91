import { z } from 'zod';

/** Oral anticoagulation (OAC) statuses (SPEC §3). */
export const OAC_STATUSES = [
  'not-reported',
  'indeterminate',
  'oac-declined',
  'oac-contraindicated',
  'not-on-oac',
  'not-on-oac-stop-af-alerts',
  'has-laao',
  'on-oac',
] as const;
export const oacStatusSchema = z.enum(OAC_STATUSES);
export type OacStatus = z.infer<typeof oacStatusSchema>;

/** SPEC gives 'Patient Declined' and 'Contraindicated'; the other labels are chosen here. */
export const OAC_STATUS_LABELS = {
  'not-reported': 'Not Reported',
  indeterminate: 'Indeterminate',
  'oac-declined': 'Patient Declined',
  'oac-contraindicated': 'Contraindicated',
  'not-on-oac': 'Not on OAC',
  'not-on-oac-stop-af-alerts': 'Not on OAC (stop AF alerts)',
  'has-laao': 'Has LAAO',
  'on-oac': 'On OAC',
} as const satisfies Record<OacStatus, string>;

/**
 * Marks a status chosen in the 'custom' form. SPEC says a prefix exists but not which; this one is
 * chosen here and must be the only one the apps use.
 */
export const OAC_CUSTOM_PREFIX = 'custom:';

/** Splits a stored OAC value into its status and whether it came from the custom form. */
export function parseOacValue(value: string): { status: string; isCustom: boolean } {
  return value.startsWith(OAC_CUSTOM_PREFIX)
    ? { status: value.slice(OAC_CUSTOM_PREFIX.length), isCustom: true }
    : { status: value, isCustom: false };
}

/** Shown for an OAC history entry without a medication name. */
export const UNKNOWN_MEDICATION_LABEL = '(unknown medication)';

export function formatMedicationName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? UNKNOWN_MEDICATION_LABEL : trimmed;
}
