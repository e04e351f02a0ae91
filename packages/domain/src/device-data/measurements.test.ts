import { describe, expect, it } from 'vitest';
import {
  checkDeviceCheckMeasurements,
  listDeviceCheckFields,
  listRequiredDeviceCheckFields,
} from './measurements';

const DUAL_PM_VALUES = {
  MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
  MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.5,
  MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 0.75,
  MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 480,
  MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 11.2,
  MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 1,
  MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 620,
};

describe('listRequiredDeviceCheckFields', () => {
  it.each([
    ['ilr', 'ILR', 2],
    ['singleLead', 'PM', 4],
    ['dualLead', 'PM', 7],
    ['biValve', 'ICD', 11],
  ] as const)(
    '%s %s needs %i fields, all of them shown by the configuration',
    (configuration, type, count) => {
      const required = listRequiredDeviceCheckFields(configuration, type);
      expect(required).toHaveLength(count);
      const shown = listDeviceCheckFields(configuration, type);
      for (const key of required) expect(shown).toContain(key);
    },
  );
});

describe('checkDeviceCheckMeasurements', () => {
  it('accepts a complete dual-chamber pacemaker check', () => {
    expect(checkDeviceCheckMeasurements('dualLead', 'PM', DUAL_PM_VALUES)).toEqual([]);
  });

  it('names a field the configuration does not have, a missing one and one out of range', () => {
    const { MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: _left, ...rest } = DUAL_PM_VALUES;
    const problems = checkDeviceCheckMeasurements('dualLead', 'PM', {
      ...rest,
      MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 500,
      MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 12,
    });
    expect(problems).toEqual([
      {
        field: 'measurements.MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE',
        message: 'must be between 0 and 10 V',
        kind: 'value',
      },
      {
        field: 'measurements.MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE',
        message: 'is not a field of this lead configuration (dualLead, PM)',
        kind: 'shape',
      },
      {
        field: 'measurements.MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE',
        message: 'is required',
        kind: 'shape',
      },
    ]);
  });

  it('an edit may give some values only', () => {
    expect(
      checkDeviceCheckMeasurements(
        'dualLead',
        'PM',
        { MDC_IDC_MSMT_BATTERY_VOLTAGE: 2.9 },
        { partial: true },
      ),
    ).toEqual([]);
  });
});

describe('groupDeviceCheckFields', () => {
  it('groups a dual-chamber ICD: battery, RA, RV, HV, pacing, episodes, therapies', async () => {
    const { groupDeviceCheckFields } = await import('./device-check-groups');
    const groups = groupDeviceCheckFields('dualLead', 'ICD');
    expect(groups.map((group) => group.title)).toEqual([
      'Battery',
      'RA lead',
      'RV lead',
      'HV (shock) lead',
      'Pacing',
      'Arrhythmias and episodes',
      'Therapies delivered',
    ]);
    expect(groups.flatMap((group) => group.fields).filter((field) => field.required)).toHaveLength(8);
  });

  it("calls an ILR's sensing its R-wave", async () => {
    const { groupDeviceCheckFields } = await import('./device-check-groups');
    const sensing = groupDeviceCheckFields('ilr', 'ILR').find((group) => group.id === 'sensing');
    expect(sensing?.fields.map((field) => field.label)).toEqual(['R-wave amplitude']);
  });

  it('formats a value with its unit', async () => {
    const { formatMeasurementValue } = await import('./device-check-groups');
    expect(formatMeasurementValue('MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 620)).toBe('620 Ω');
    expect(formatMeasurementValue('MDC_IDC_STAT_BRADY_RV_PERCENT_PACED', 12.34)).toBe('12.3%');
    expect(formatMeasurementValue('MDC_IDC_MSMT_BATTERY_STATUS', 'BOS')).toBe('BOS');
  });
});
