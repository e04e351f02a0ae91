import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAG_THRESHOLDS } from './longitudinal-settings';
import { compareMeasurement, flagMeasurement, isAfBurdenRising, worstFlagLevel } from './measurement-flags';

const RV_THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';
const RA_IMPEDANCE = 'MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE';
const levels = (key: string, value: number | string, baseline?: number | string) =>
  flagMeasurement(key, value, baseline, DEFAULT_FLAG_THRESHOLDS).map((flag) => `${flag.rule}:${flag.level}`);

describe('flagMeasurement with the default thresholds (issue 14)', () => {
  it.each([
    [1.5, []],
    [1.75, ['pacing-threshold-high:warning']],
    [2.0, ['pacing-threshold-high:critical']],
  ])('pacing threshold %s V', (value, expected) => {
    expect(levels(RV_THRESHOLD, value)).toEqual(expected);
  });

  it('a rise of more than 1 V from baseline is a warning, even under the absolute limits', () => {
    expect(levels(RV_THRESHOLD, 1.5, 0.4)).toEqual(['pacing-threshold-rise:warning']);
    expect(levels(RV_THRESHOLD, 1.4, 0.4)).toEqual([]);
  });

  it.each([
    [299, 'warning'],
    [300, undefined],
    [1000, undefined],
    [1001, 'warning'],
    [249, 'critical'],
    [1501, 'critical'],
  ])('pacing impedance %s Ω', (value, level) => {
    expect(worstFlagLevel(flagMeasurement(RA_IMPEDANCE, value, undefined, DEFAULT_FLAG_THRESHOLDS))).toBe(
      level,
    );
  });

  it('HV impedance outside 20–100 Ω is critical', () => {
    expect(levels('MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE', 19)).toEqual(['hv-impedance-out-of-range:critical']);
    expect(levels('MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE', 65)).toEqual([]);
    expect(levels('MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE', 101)).toEqual(['hv-impedance-out-of-range:critical']);
  });

  it('sensing under 50% of baseline is a warning; without a baseline nothing is said', () => {
    expect(levels('MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL', 4.9, 10)).toEqual(['sensing-drop:warning']);
    expect(levels('MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL', 5, 10)).toEqual([]);
    expect(levels('MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL', 1)).toEqual([]);
  });

  it.each([
    [1, []],
    [1.1, ['ataf-burden-high:warning']],
    [5, ['ataf-burden-high:warning']],
    [5.1, ['ataf-burden-high:critical']],
  ])('AT/AF burden %s%%', (value, expected) => {
    expect(levels('MDC_IDC_STAT_AT_BURDEN_PERCENT', value)).toEqual(expected);
  });

  it('a battery at ERI or EOS is critical, unless the clinic turned that flag off', () => {
    expect(levels('MDC_IDC_MSMT_BATTERY_STATUS', 'ERI')).toEqual(['battery-eri:critical']);
    expect(levels('MDC_IDC_MSMT_BATTERY_STATUS', 'EOS')).toEqual(['battery-eri:critical']);
    expect(levels('MDC_IDC_MSMT_BATTERY_STATUS', 'MOS')).toEqual([]);
    const off = { ...DEFAULT_FLAG_THRESHOLDS, flagBatteryAtEri: false };
    expect(flagMeasurement('MDC_IDC_MSMT_BATTERY_STATUS', 'ERI', undefined, off)).toEqual([]);
  });

  it('thresholds are settings: a clinic’s own value moves the flag', () => {
    const strict = { ...DEFAULT_FLAG_THRESHOLDS, pacingThresholdWarningAbove: 1 };
    expect(flagMeasurement(RV_THRESHOLD, 1.2, undefined, strict).map((flag) => flag.level)).toEqual([
      'warning',
    ]);
  });
});

describe('compareMeasurement', () => {
  it('gives the difference in the unit, or the change in percent of the reference', () => {
    expect(compareMeasurement(RA_IMPEDANCE, 450, 500, 'difference')).toBe(-50);
    expect(compareMeasurement(RA_IMPEDANCE, 450, 500, 'percentage')).toBe(-10);
    expect(compareMeasurement(RV_THRESHOLD, 1.25, 0.75, 'difference')).toBe(0.5);
  });

  it('is null without a reference, for a status, or for a percentage of zero', () => {
    expect(compareMeasurement(RA_IMPEDANCE, 450, undefined, 'difference')).toBeNull();
    expect(compareMeasurement('MDC_IDC_MSMT_BATTERY_STATUS', 'ERI', 'MOS', 'difference')).toBeNull();
    expect(compareMeasurement('MDC_IDC_STAT_AT_BURDEN_PERCENT', 3, 0, 'percentage')).toBeNull();
  });
});

describe('isAfBurdenRising', () => {
  it('is the latest value above the previous one and above the warning threshold', () => {
    expect(isAfBurdenRising([0.5, 2], DEFAULT_FLAG_THRESHOLDS)).toBe(true);
    expect(isAfBurdenRising([3, 2], DEFAULT_FLAG_THRESHOLDS)).toBe(false);
    expect(isAfBurdenRising([0.2, 0.8], DEFAULT_FLAG_THRESHOLDS)).toBe(false);
    expect(isAfBurdenRising([4], DEFAULT_FLAG_THRESHOLDS)).toBe(false);
  });
});
