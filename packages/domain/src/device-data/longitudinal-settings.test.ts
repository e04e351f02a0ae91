import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LONGITUDINAL_SETTINGS,
  resolveLongitudinalSettings,
  storedLongitudinalSettingsSchema,
} from './longitudinal-settings';
import {
  checkMeasurementValue,
  DEFAULT_LONGITUDINAL_MEASUREMENTS,
  listDeviceCheckFields,
  MEASUREMENTS,
  sessionDeviceTypeOf,
} from './measurements';

describe('resolveLongitudinalSettings: the user over the clinic over the defaults', () => {
  it('gives the defaults when neither stores anything', () => {
    expect(resolveLongitudinalSettings(null, null)).toEqual({
      ...DEFAULT_LONGITUDINAL_SETTINGS,
      source: 'default',
    });
  });

  it('takes each part from the nearest scope that sets it', () => {
    const resolved = resolveLongitudinalSettings(
      {
        comparisonMode: 'percentage',
        thresholds: { atafBurdenWarningAbove: 2 },
        measurements: { ILR: ['MDC_IDC_STAT_AT_BURDEN_PERCENT'] },
      },
      { thresholds: { atafBurdenCriticalAbove: 10 } },
    );
    expect(resolved.source).toBe('user');
    expect(resolved.comparisonMode).toBe('percentage');
    expect(resolved.thresholds.atafBurdenWarningAbove).toBe(2);
    expect(resolved.thresholds.atafBurdenCriticalAbove).toBe(10);
    expect(resolved.thresholds.pacingThresholdWarningAbove).toBe(1.5);
    expect(resolved.measurements.ILR).toEqual(['MDC_IDC_STAT_AT_BURDEN_PERCENT']);
    expect(resolved.measurements.PM).toEqual(DEFAULT_LONGITUDINAL_SETTINGS.measurements.PM);
  });

  it('a user’s own mode wins over the clinic’s', () => {
    expect(
      resolveLongitudinalSettings({ comparisonMode: 'percentage' }, { comparisonMode: 'difference' })
        .comparisonMode,
    ).toBe('difference');
  });
});

describe('settings stored before a session type Other existed (issue 28)', () => {
  it('parse, and the Other list follows the default', () => {
    const stored = storedLongitudinalSettingsSchema.parse({
      comparisonMode: 'percentage',
      measurements: { PM: ['MDC_IDC_MSMT_BATTERY_VOLTAGE'], ICD: [], ILR: ['MDC_IDC_MSMT_BATTERY_STATUS'] },
    });
    const resolved = resolveLongitudinalSettings(stored, null);
    expect(resolved.measurements.PM).toEqual(['MDC_IDC_MSMT_BATTERY_VOLTAGE']);
    expect(resolved.measurements.Other).toEqual(DEFAULT_LONGITUDINAL_MEASUREMENTS.Other);
    expect(resolved.measurements.Other.length).toBeGreaterThan(0);
  });

  it('an Other list of its own is kept, and a user’s wins over the clinic’s', () => {
    const resolved = resolveLongitudinalSettings(
      { measurements: { Other: ['MDC_IDC_MSMT_BATTERY_VOLTAGE'] } },
      storedLongitudinalSettingsSchema.parse({ measurements: { Other: ['MDC_IDC_MSMT_BATTERY_STATUS'] } }),
    );
    expect(resolved.measurements.Other).toEqual(['MDC_IDC_MSMT_BATTERY_STATUS']);
    expect(resolved.measurements.PM).toEqual(DEFAULT_LONGITUDINAL_MEASUREMENTS.PM);
  });

  it('a list naming the AT/AF burden by its older key reads as the IDCO key', () => {
    const stored = storedLongitudinalSettingsSchema.parse({
      measurements: { ILR: ['MDC_IDC_STAT_ATAF_BURDEN_PERCENT', 'MDC_IDC_MSMT_BATTERY_STATUS'] },
    });
    expect(resolveLongitudinalSettings(stored, null).measurements.ILR).toEqual([
      'MDC_IDC_STAT_AT_BURDEN_PERCENT',
      'MDC_IDC_MSMT_BATTERY_STATUS',
    ]);
    expect(
      storedLongitudinalSettingsSchema.safeParse({
        measurements: { ILR: ['MDC_IDC_STAT_ATAF_BURDEN_PERCENT', 'MDC_IDC_STAT_AT_BURDEN_PERCENT'] },
      }).success,
    ).toBe(false);
  });
});

describe('storedLongitudinalSettingsSchema', () => {
  it('refuses an unknown measurement, a repeated one, a negative threshold and an unknown key, naming each', () => {
    const result = storedLongitudinalSettingsSchema.safeParse({
      measurements: {
        PM: ['MDC_IDC_NOT_A_TERM'],
        ICD: ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 'MDC_IDC_MSMT_BATTERY_VOLTAGE'],
      },
      thresholds: { hvImpedanceBelow: -1 },
      colour: 'red',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['', 'measurements.ICD', 'measurements.PM.0', 'thresholds.hvImpedanceBelow']);
  });
});

describe('measurements', () => {
  it('are keyed by IDCO term names, each once', () => {
    const keys = MEASUREMENTS.map((measurement) => measurement.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^MDC_IDC_(MSMT|STAT|LEAD)_[A-Z0-9_]+(\.[A-Za-z]+)?$/);
  });

  it.each([
    ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 99, 'must be between 100 and 3000 Ω'],
    ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 3000, undefined],
    ['MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE', 10.5, 'must be between 0 and 10 V'],
    ['MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL', 31, 'must be between 0 and 30 mV'],
    ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 1.4, 'must be between 1.5 and 3.5 V'],
    ['MDC_IDC_STAT_BRADY_RV_PERCENT_PACED', 101, 'must be between 0 and 100 %'],
    ['MDC_IDC_MSMT_BATTERY_STATUS', 'Nearly empty', 'must be one of BOS, MOS, RRT, ERI, EOS'],
    ['MDC_IDC_MSMT_BATTERY_STATUS', 'ERI', undefined],
    ['MDC_IDC_MSMT_BATTERY_VOLTAGE', '2.9', 'must be a number'],
  ])('checkMeasurementValue(%s, %s)', (key, value, message) => {
    expect(checkMeasurementValue(key, value)).toBe(message);
  });

  it.each([
    ['PM', 'PM'],
    ['CRT-P', 'PM'],
    ['crt p', 'PM'],
    ['ICD', 'ICD'],
    ['CRT-D', 'ICD'],
    ['S-ICD', 'ICD'],
    ['ILR', 'ILR'],
    ['Other', 'Other'],
    ['WCD', null],
    ['', null],
    [null, null],
  ])('sessionDeviceTypeOf(%s) is %s', (deviceType, sessionType) => {
    expect(sessionDeviceTypeOf(deviceType)).toBe(sessionType);
  });

  it('the device check shows more fields as leads are added, and an ICD adds its HV fields', () => {
    const single = listDeviceCheckFields('singleLead', 'PM');
    const dual = listDeviceCheckFields('dualLead', 'PM');
    const biv = listDeviceCheckFields('biValve', 'ICD');
    expect(single).toContain('MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE');
    expect(single).not.toContain('MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE');
    expect(dual).toContain('MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE');
    expect(dual).not.toContain('MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE');
    expect(biv).toContain('MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE');
    expect(biv).toContain('MDC_IDC_STAT_CRT_LV_PERCENT_PACED');
    expect(biv).toContain('MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE');
    expect(listDeviceCheckFields('ilr', 'ILR')).toContain(
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.PatientActivated',
    );
  });
});
