// Remote-monitoring billing windows (issue 14 §5, the billing coversheet). 93298 (loop recorder remote
// monitoring) is billed once per 30 days; 93294–93296 (pacemaker/ICD remote interrogation and its
// technical component) once per 90 days.
//
// The "last billed period" is read from what the portal holds: the patient's most recent earlier
// document of the same type that was signed (a signed report is what a clinic bills), its period ending
// at its clinical end or else its date of service. The window has closed when at least the window's days
// lie between that end and this document's date of service. With no earlier signed document, nothing
// billed is on record and the window counts as closed.

const DAY_MS = 86_400_000;

export type BillingWindow = { days: 30 | 90; codes: string };

export const BILLING_WINDOW_30: BillingWindow = { days: 30, codes: '93298' };
export const BILLING_WINDOW_90: BillingWindow = { days: 90, codes: '93294–93296' };

/**
 * The window a document bills under: 30 days when its CPT codes carry 93298, 90 days when they carry one
 * of 93294–93296; without either, by device: a loop recorder's 30 days, any other device's 90.
 */
export function billingWindowOf(cptCodes: readonly string[], deviceType: string | null): BillingWindow {
  const codes = cptCodes.map((code) => code.trim());
  if (codes.includes('93298')) return BILLING_WINDOW_30;
  if (codes.some((code) => ['93294', '93295', '93296'].includes(code))) return BILLING_WINDOW_90;
  return deviceType?.toUpperCase() === 'ILR' ? BILLING_WINDOW_30 : BILLING_WINDOW_90;
}

/** The monitoring period: the document's clinical start and end, else the window's days up to the dos. */
export function monitoringPeriodOf(
  document: { dos: Date; clinicalStart: Date | null; clinicalEnd: Date | null },
  window: BillingWindow,
): { start: Date; end: Date } {
  if (document.clinicalStart && document.clinicalEnd)
    return { start: document.clinicalStart, end: document.clinicalEnd };
  const end = document.clinicalEnd ?? document.dos;
  return { start: document.clinicalStart ?? new Date(end.getTime() - window.days * DAY_MS), end };
}

export type BillingWindowStatus = {
  window: BillingWindow;
  /** The end of the last billed period, or null when none is on record. */
  lastBilledEnd: Date | null;
  /** Whole days from the last billed period's end to this date of service; null when none. */
  daysSince: number | null;
  closed: boolean;
};

/** Whether the window has closed since the last billed period (see the rule at the top). */
export function billingWindowStatus(
  dos: Date,
  window: BillingWindow,
  lastBilled: { dos: Date; clinicalEnd: Date | null } | null,
): BillingWindowStatus {
  if (!lastBilled) return { window, lastBilledEnd: null, daysSince: null, closed: true };
  const lastBilledEnd = lastBilled.clinicalEnd ?? lastBilled.dos;
  const daysSince = Math.floor((dos.getTime() - lastBilledEnd.getTime()) / DAY_MS);
  return { window, lastBilledEnd, daysSince, closed: daysSince >= window.days };
}
