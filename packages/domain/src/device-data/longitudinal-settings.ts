// Longitudinal settings (SPEC §3: kept per clinic and per user; issue 14): which measurements show per
// device type and in what order, the comparison mode, and the flag thresholds. A user's settings win over
// the clinic's, the clinic's over the defaults; each is stored as only what it sets.

import { z } from 'zod';
import { COMPARISON_MODES, type ComparisonMode } from '../reports/comparison-modes';
import {
  DEFAULT_LONGITUDINAL_MEASUREMENTS,
  findMeasurementByTerm,
  isMeasurementKey,
  SESSION_DEVICE_TYPES,
  type SessionDeviceType,
} from './measurements';

/** The thresholds flags are raised at (issue 14's defaults, to be refined by the clinic). */
export type FlagThresholds = {
  /** Pacing threshold amplitude (V): a warning above, critical at or above. */
  pacingThresholdWarningAbove: number;
  pacingThresholdCriticalAtOrAbove: number;
  /** A rise from the baseline's pacing threshold of more than this (V) is a warning. */
  pacingThresholdRiseFromBaseline: number;
  /** Pacing impedance (Ω): a warning outside the inner range, critical outside the outer one. */
  pacingImpedanceWarningBelow: number;
  pacingImpedanceWarningAbove: number;
  pacingImpedanceCriticalBelow: number;
  pacingImpedanceCriticalAbove: number;
  /** HV (shock) impedance (Ω): critical outside. */
  hvImpedanceBelow: number;
  hvImpedanceAbove: number;
  /** Sensing amplitude under this percentage of the baseline's is a warning. */
  sensingBelowPercentOfBaseline: number;
  /** AT/AF burden (%): a warning above, critical above. */
  atafBurdenWarningAbove: number;
  atafBurdenCriticalAbove: number;
  /** A battery at ERI or EOS is critical. */
  flagBatteryAtEri: boolean;
};

export const DEFAULT_FLAG_THRESHOLDS: FlagThresholds = {
  pacingThresholdWarningAbove: 1.5,
  pacingThresholdCriticalAtOrAbove: 2.0,
  pacingThresholdRiseFromBaseline: 1,
  pacingImpedanceWarningBelow: 300,
  pacingImpedanceWarningAbove: 1000,
  pacingImpedanceCriticalBelow: 250,
  pacingImpedanceCriticalAbove: 1500,
  hvImpedanceBelow: 20,
  hvImpedanceAbove: 100,
  sensingBelowPercentOfBaseline: 50,
  atafBurdenWarningAbove: 1,
  atafBurdenCriticalAbove: 5,
  flagBatteryAtEri: true,
};

export type LongitudinalSettings = {
  comparisonMode: ComparisonMode;
  /** Per device type: the measurement keys shown, in order. */
  measurements: Record<SessionDeviceType, string[]>;
  thresholds: FlagThresholds;
};

export const DEFAULT_LONGITUDINAL_SETTINGS: LongitudinalSettings = {
  comparisonMode: 'difference',
  measurements: DEFAULT_LONGITUDINAL_MEASUREMENTS,
  thresholds: DEFAULT_FLAG_THRESHOLDS,
};

const threshold = z.number({ error: 'must be a number' }).finite().min(0, { error: 'must not be negative' });

const thresholdsShape = {
  pacingThresholdWarningAbove: threshold.max(10),
  pacingThresholdCriticalAtOrAbove: threshold.max(10),
  pacingThresholdRiseFromBaseline: threshold.max(10),
  pacingImpedanceWarningBelow: threshold.max(3000),
  pacingImpedanceWarningAbove: threshold.max(3000),
  pacingImpedanceCriticalBelow: threshold.max(3000),
  pacingImpedanceCriticalAbove: threshold.max(3000),
  hvImpedanceBelow: threshold.max(200),
  hvImpedanceAbove: threshold.max(200),
  sensingBelowPercentOfBaseline: threshold.max(100),
  atafBurdenWarningAbove: threshold.max(100),
  atafBurdenCriticalAbove: threshold.max(100),
  flagBatteryAtEri: z.boolean({ error: 'must be true or false' }),
};

// A key under an older name (the AT/AF burden's MDC_IDC_STAT_ATAF_BURDEN_PERCENT, renamed by migration 0028)
// is accepted as the measurement it names, so a list saved before the rename still parses; the settings in
// force name it by its key (resolveLongitudinalSettings). No transform: the schema also checks responses.
const canonicalKey = (key: string) => findMeasurementByTerm(key)?.key ?? key;
const measurementKeyList = z
  .array(
    z.string().refine((key) => isMeasurementKey(canonicalKey(key)), { error: 'is not a known measurement' }),
  )
  .max(100)
  .refine((keys) => new Set(keys.map(canonicalKey)).size === keys.length, {
    error: 'must not repeat a measurement',
  });

/**
 * What one scope (a clinic, or a user at a clinic) stores: only what it sets. A PUT replaces the scope's
 * stored settings whole; a DELETE removes them, so the next scope up shows through.
 */
export const storedLongitudinalSettingsSchema = z.strictObject({
  comparisonMode: z.optional(
    z.enum(COMPARISON_MODES, { error: `must be one of ${COMPARISON_MODES.join(', ')}` }),
  ),
  measurements: z.optional(
    z.strictObject({
      PM: z.optional(measurementKeyList),
      ICD: z.optional(measurementKeyList),
      ILR: z.optional(measurementKeyList),
      // Settings stored before issue 28 have no `Other` list: the default shows through.
      Other: z.optional(measurementKeyList),
    }),
  ),
  thresholds: z.optional(z.strictObject(/* @__PURE__ */ partialShape(thresholdsShape))),
});
export type StoredLongitudinalSettings = z.infer<typeof storedLongitudinalSettingsSchema>;

/** @__NO_SIDE_EFFECTS__ */
function partialShape<Shape extends Record<string, z.ZodType>>(shape: Shape) {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)])) as {
    [Key in keyof Shape]: z.ZodOptional<Shape[Key]>;
  };
}

/** Where each part of the effective settings came from. */
export const SETTINGS_SOURCES = ['default', 'clinic', 'user'] as const;
export type SettingsSource = (typeof SETTINGS_SOURCES)[number];

/**
 * The settings in force: the defaults, then the clinic's, then the user's, part by part (each device
 * type's list and each threshold on its own), with where the comparison mode came from.
 */
export function resolveLongitudinalSettings(
  clinic: StoredLongitudinalSettings | null | undefined,
  user: StoredLongitudinalSettings | null | undefined,
): LongitudinalSettings & { source: SettingsSource } {
  const layers = [clinic ?? {}, user ?? {}];
  const measurements = { ...DEFAULT_LONGITUDINAL_SETTINGS.measurements };
  let thresholds = { ...DEFAULT_FLAG_THRESHOLDS };
  let comparisonMode = DEFAULT_LONGITUDINAL_SETTINGS.comparisonMode;
  for (const layer of layers) {
    if (layer.comparisonMode) comparisonMode = layer.comparisonMode;
    for (const deviceType of SESSION_DEVICE_TYPES) {
      const keys = layer.measurements?.[deviceType];
      if (keys) measurements[deviceType] = keys.map(canonicalKey);
    }
    thresholds = { ...thresholds, ...withoutUndefined(layer.thresholds ?? {}) };
  }
  const source: SettingsSource = isEmpty(user) ? (isEmpty(clinic) ? 'default' : 'clinic') : 'user';
  return { comparisonMode, measurements, thresholds, source };
}

function isEmpty(settings: StoredLongitudinalSettings | null | undefined): boolean {
  return !settings || Object.keys(settings).length === 0;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
