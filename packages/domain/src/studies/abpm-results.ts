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

/** One cuff reading as Biobeat sends it: the period is the vendor's, from the patient's day and night hours. */
export type AbpmReading = BloodPressure & { at: string; period: 'day' | 'night'; heartRate: number | null };

export type AbpmPeriodSummary = {
  /** Mean systolic and diastolic (mmHg, whole numbers); null when the period has no reading. */
  mean: BloodPressure | null;
  readingCount: number;
  /** Readings at or over the period's limit (ABPM_THRESHOLDS). */
  aboveThresholdCount: number;
};

export type AbpmSummary = {
  periods: Record<AbpmPeriod, AbpmPeriodSummary>;
  /** Null when there is no day or no night reading to compare. */
  dipping: { percent: number; category: DippingCategory } | null;
};

function summarizePeriod(period: AbpmPeriod, readings: readonly AbpmReading[]): AbpmPeriodSummary {
  if (readings.length === 0) return { mean: null, readingCount: 0, aboveThresholdCount: 0 };
  const total = readings.reduce(
    (sum, reading) => ({
      systolic: sum.systolic + reading.systolic,
      diastolic: sum.diastolic + reading.diastolic,
    }),
    { systolic: 0, diastolic: 0 },
  );
  return {
    mean: {
      systolic: Math.round(total.systolic / readings.length),
      diastolic: Math.round(total.diastolic / readings.length),
    },
    readingCount: readings.length,
    aboveThresholdCount: readings.filter((reading) => isAboveAbpmThreshold(period, reading)).length,
  };
}

/**
 * An ABPM session's results from its readings: the day, night and 24-hour means, how many readings were
 * over each period's limit, and the night's dipping (from the unrounded systolic means).
 */
export function summarizeAbpmReadings(readings: readonly AbpmReading[]): AbpmSummary {
  const day = readings.filter((reading) => reading.period === 'day');
  const night = readings.filter((reading) => reading.period === 'night');
  const meanSystolic = (list: readonly AbpmReading[]) =>
    list.reduce((sum, reading) => sum + reading.systolic, 0) / list.length;
  return {
    periods: {
      day: summarizePeriod('day', day),
      night: summarizePeriod('night', night),
      '24h': summarizePeriod('24h', readings),
    },
    dipping:
      day.length > 0 && night.length > 0 ? classifyDipping(meanSystolic(day), meanSystolic(night)) : null,
  };
}
