// Ambulatory blood pressure results (issue 16 §4), by the limits a clinic reads them against (the 2023
// practice the issue cites): means above 135/85 by day, 120/70 by night or 130/80 over 24 hours are high,
// and the night's fall in systolic pressure sorts the patient into a dipping category.

export type BloodPressure = { systolic: number; diastolic: number };
export const ABPM_PERIODS = ['day', 'night', '24h'] as const;
export type AbpmPeriod = (typeof ABPM_PERIODS)[number];

/** A mean at or above these is high (mmHg). */
export const ABPM_THRESHOLDS: Readonly<Record<AbpmPeriod, BloodPressure>> = {
  day: { systolic: 135, diastolic: 85 },
  night: { systolic: 120, diastolic: 70 },
  '24h': { systolic: 130, diastolic: 80 },
};

/** Whether a reading or mean of the period is above its limit: either pressure at or over it. */
export function isAboveAbpmThreshold(period: AbpmPeriod, pressure: BloodPressure): boolean {
  const limit = ABPM_THRESHOLDS[period];
  return pressure.systolic >= limit.systolic || pressure.diastolic >= limit.diastolic;
}

export const DIPPING_CATEGORIES = ['extreme-dipper', 'dipper', 'non-dipper', 'riser'] as const;
export type DippingCategory = (typeof DIPPING_CATEGORIES)[number];

export const DIPPING_LABELS: Readonly<Record<DippingCategory, string>> = {
  'extreme-dipper': 'Extreme dipper',
  dipper: 'Dipper',
  'non-dipper': 'Non-dipper',
  riser: 'Riser',
};

/**
 * The night's systolic fall as a percentage of the day's mean, one decimal, and its category: dipper
 * 10–20 %, non-dipper 0 to under 10 %, extreme dipper over 20 %, riser under 0 % (the night higher).
 */
export function classifyDipping(
  daySystolic: number,
  nightSystolic: number,
): { percent: number; category: DippingCategory } {
  if (!(daySystolic > 0)) throw new RangeError('The day mean systolic pressure must be above 0');
  const percent = Math.round(((daySystolic - nightSystolic) / daySystolic) * 1000) / 10;
  const category: DippingCategory =
    percent < 0 ? 'riser' : percent < 10 ? 'non-dipper' : percent <= 20 ? 'dipper' : 'extreme-dipper';
  return { percent, category };
}
