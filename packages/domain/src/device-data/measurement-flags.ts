// Flags and comparisons of a measured value against the patient's own history (issue 14 §3).

import type { ComparisonMode } from '../reports/comparison-modes';
import type { FlagThresholds } from './longitudinal-settings';
import { AT_BURDEN_KEY, findMeasurement, isOutsideUsualRange } from './measurements';

export const FLAG_LEVELS = ['warning', 'critical'] as const;
export type FlagLevel = (typeof FLAG_LEVELS)[number];

export type MeasurementFlag = {
  level: FlagLevel;
  /** A stable name for the rule, for tests and filters. */
  rule:
    | 'pacing-threshold-high'
    | 'pacing-threshold-rise'
    | 'pacing-impedance-out-of-range'
    | 'hv-impedance-out-of-range'
    | 'sensing-drop'
    | 'ataf-burden-high'
    | 'battery-eri'
    | 'lead-check'
    | 'out-of-usual-range';
  /** One line a clinician reads: what was found, against what. */
  message: string;
};

export type MeasuredValue = number | string;

/** The more serious of the flags, or undefined when there are none. */
export function worstFlagLevel(flags: readonly MeasurementFlag[]): FlagLevel | undefined {
  if (flags.some((flag) => flag.level === 'critical')) return 'critical';
  return flags.length > 0 ? 'warning' : undefined;
}

const round = (value: number, decimals = 2) => Number(value.toFixed(decimals));

/**
 * The flags a value raises under the thresholds, given the baseline's value of the same measurement (the
 * first session, or the chosen one) for the rules that compare with it.
 */
export function flagMeasurement(
  key: string,
  value: MeasuredValue,
  baseline: MeasuredValue | undefined,
  thresholds: FlagThresholds,
): MeasurementFlag[] {
  const flags = flagByRule(key, value, baseline, thresholds);
  // A device-reported value outside the usual range (an HV impedance of 330 Ω, a battery of 6.3 V) is
  // kept, and flagged for review unless a threshold rule already says so.
  if (flags.length === 0 && isOutsideUsualRange(key, value)) {
    const definition = findMeasurement(key);
    if (definition?.kind === 'number')
      flags.push({
        level: 'warning',
        rule: 'out-of-usual-range',
        message: `${definition.label} ${value} ${definition.unit} is outside the usual ${definition.range.min}–${definition.range.max} ${definition.unit}: check it`,
      });
  }
  return flags;
}

function flagByRule(
  key: string,
  value: MeasuredValue,
  baseline: MeasuredValue | undefined,
  thresholds: FlagThresholds,
): MeasurementFlag[] {
  const flags: MeasurementFlag[] = [];
  if (/^MDC_IDC_MSMT_(LEADCHNL_(RA|RV|LV)_LEAD_CHANNEL|LEADHVCHNL)_STATUS$/.test(key)) {
    if (value === 'CheckLead')
      flags.push({
        level: 'warning',
        rule: 'lead-check',
        message: 'The device asks for the lead to be checked',
      });
    return flags;
  }
  if (key === 'MDC_IDC_MSMT_BATTERY_STATUS') {
    if (thresholds.flagBatteryAtEri && (value === 'ERI' || value === 'EOS')) {
      flags.push({ level: 'critical', rule: 'battery-eri', message: `Battery at ${value}` });
    }
    return flags;
  }
  if (typeof value !== 'number') return flags;
  const numericBaseline = typeof baseline === 'number' ? baseline : undefined;

  if (/^MDC_IDC_MSMT_LEADCHNL_(RA|RV|LV)_PACING_THRESHOLD_AMPLITUDE$/.test(key)) {
    if (value >= thresholds.pacingThresholdCriticalAtOrAbove) {
      flags.push({
        level: 'critical',
        rule: 'pacing-threshold-high',
        message: `Threshold ${value} V is at or above ${thresholds.pacingThresholdCriticalAtOrAbove} V`,
      });
    } else if (value > thresholds.pacingThresholdWarningAbove) {
      flags.push({
        level: 'warning',
        rule: 'pacing-threshold-high',
        message: `Threshold ${value} V is above ${thresholds.pacingThresholdWarningAbove} V`,
      });
    }
    if (
      numericBaseline !== undefined &&
      value - numericBaseline > thresholds.pacingThresholdRiseFromBaseline
    ) {
      flags.push({
        level: 'warning',
        rule: 'pacing-threshold-rise',
        message: `Threshold rose ${round(value - numericBaseline)} V from baseline`,
      });
    }
  } else if (/^MDC_IDC_MSMT_LEADCHNL_(RA|RV|LV)_IMPEDANCE_VALUE$/.test(key)) {
    const critical =
      value < thresholds.pacingImpedanceCriticalBelow || value > thresholds.pacingImpedanceCriticalAbove;
    const warning =
      value < thresholds.pacingImpedanceWarningBelow || value > thresholds.pacingImpedanceWarningAbove;
    if (critical || warning) {
      const [low, high] = critical
        ? [thresholds.pacingImpedanceCriticalBelow, thresholds.pacingImpedanceCriticalAbove]
        : [thresholds.pacingImpedanceWarningBelow, thresholds.pacingImpedanceWarningAbove];
      flags.push({
        level: critical ? 'critical' : 'warning',
        rule: 'pacing-impedance-out-of-range',
        message: `Impedance ${value} Ω is outside ${low}–${high} Ω`,
      });
    }
  } else if (key === 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE') {
    if (value < thresholds.hvImpedanceBelow || value > thresholds.hvImpedanceAbove) {
      flags.push({
        level: 'critical',
        rule: 'hv-impedance-out-of-range',
        message: `HV impedance ${value} Ω is outside ${thresholds.hvImpedanceBelow}–${thresholds.hvImpedanceAbove} Ω`,
      });
    }
  } else if (/^MDC_IDC_MSMT_LEADCHNL_(RA|RV|LV)_SENSING_INTR_AMPL$/.test(key)) {
    if (
      numericBaseline !== undefined &&
      numericBaseline > 0 &&
      (value / numericBaseline) * 100 < thresholds.sensingBelowPercentOfBaseline
    ) {
      flags.push({
        level: 'warning',
        rule: 'sensing-drop',
        message: `Sensing ${value} mV is under ${thresholds.sensingBelowPercentOfBaseline}% of baseline (${numericBaseline} mV)`,
      });
    }
  } else if (key === AT_BURDEN_KEY) {
    if (value > thresholds.atafBurdenCriticalAbove) {
      flags.push({
        level: 'critical',
        rule: 'ataf-burden-high',
        message: `AT/AF burden ${value}% is above ${thresholds.atafBurdenCriticalAbove}%`,
      });
    } else if (value > thresholds.atafBurdenWarningAbove) {
      flags.push({
        level: 'warning',
        rule: 'ataf-burden-high',
        message: `AT/AF burden ${value}% is above ${thresholds.atafBurdenWarningAbove}%`,
      });
    }
  }
  return flags;
}

/**
 * A value against a reference (the previous session's, or the baseline's) in the comparison mode: the
 * difference in the measurement's unit, or the change in percent of the reference. Null when either is
 * missing or not a number, or a percentage of zero.
 */
export function compareMeasurement(
  key: string,
  value: MeasuredValue | undefined,
  reference: MeasuredValue | undefined,
  mode: ComparisonMode,
): number | null {
  if (typeof value !== 'number' || typeof reference !== 'number') return null;
  const decimals =
    findMeasurement(key)?.kind === 'number' ? (findMeasurement(key) as { decimals: number }).decimals : 2;
  if (mode === 'difference') return round(value - reference, Math.max(decimals, 1));
  if (reference === 0) return null;
  return round(((value - reference) / Math.abs(reference)) * 100, 1);
}

/** Is the AF burden rising: the latest value above the one before, and above the warning threshold. */
export function isAfBurdenRising(values: readonly number[], thresholds: FlagThresholds): boolean {
  if (values.length < 2) return false;
  const latest = values.at(-1) as number;
  const before = values.at(-2) as number;
  return latest > before && latest > thresholds.atafBurdenWarningAbove;
}
