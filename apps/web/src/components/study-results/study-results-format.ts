// How a study's results read on screen (issue 16 §7), the same beside the PDF in the inbox and on the
// patient's Studies tab: the sleep apnea severity of an AHI, a sleep time as h:mm, and which ABPM means are
// at or over their period's limit.
import {
  ABPM_THRESHOLDS,
  type AbpmPeriod,
  type BloodPressure,
  DIPPING_LABELS,
  type DippingCategory,
} from '@portal/domain';

export const SLEEP_APNEA_SEVERITIES = ['normal', 'mild', 'moderate', 'severe'] as const;
export type SleepApneaSeverity = (typeof SLEEP_APNEA_SEVERITIES)[number];

export const SLEEP_APNEA_SEVERITY_LABELS: Record<SleepApneaSeverity, string> = {
  normal: 'Normal',
  mild: 'Mild sleep apnea',
  moderate: 'Moderate sleep apnea',
  severe: 'Severe sleep apnea',
};

/**
 * The severity an apnea-hypopnea index (events per hour) stands for, by the usual adult cut-offs: under 5
 * normal, 5 to under 15 mild, 15 to under 30 moderate, 30 and over severe.
 */
export function sleepApneaSeverity(ahi: number): SleepApneaSeverity {
  if (ahi < 5) return 'normal';
  if (ahi < 15) return 'mild';
  if (ahi < 30) return 'moderate';
  return 'severe';
}

/** 412 → '6:52': minutes as hours and minutes, to the nearest minute; '–' for a value that is no time. */
export function formatHoursMinutes(totalMinutes: number): string {
  if (!Number.isFinite(totalMinutes) || totalMinutes < 0) return '–';
  const rounded = Math.round(totalMinutes);
  const hours = Math.floor(rounded / 60);
  const minutes = rounded % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}`;
}

/** One decimal, without a trailing '.0' for whole numbers: 18.24 → '18.2', 7 → '7'. */
export function formatDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** 2.345 → '2.3%'. */
export function formatPercent(value: number): string {
  return `${formatDecimal(value)}%`;
}

/** Which of a period's mean pressures are at or over the period's limit (ABPM_THRESHOLDS). */
export function abpmOverLimit(
  period: AbpmPeriod,
  mean: BloodPressure | null,
): { systolic: boolean; diastolic: boolean; either: boolean } {
  if (!mean) return { systolic: false, diastolic: false, either: false };
  const limit = ABPM_THRESHOLDS[period];
  const systolic = mean.systolic >= limit.systolic;
  const diastolic = mean.diastolic >= limit.diastolic;
  return { systolic, diastolic, either: systolic || diastolic };
}

/** '135/85': a period's limit as it is written. */
export function formatAbpmLimit(period: AbpmPeriod): string {
  const limit = ABPM_THRESHOLDS[period];
  return `${limit.systolic}/${limit.diastolic}`;
}

export const ABPM_PERIOD_LABELS: Record<AbpmPeriod, string> = { day: 'Day', night: 'Night', '24h': '24 h' };

/** '8.3% · Non-dipper': the night's systolic fall and its category. */
export function formatDipping(dipping: { percent: number; category: DippingCategory }): string {
  return `${formatPercent(dipping.percent)} · ${DIPPING_LABELS[dipping.category]}`;
}
