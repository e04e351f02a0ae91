import { describe, expect, it } from 'vitest';
import {
  AT_BURDEN_KEY,
  checkDeviceCheckMeasurements,
  checkImportedMeasurementValue,
  DEFAULT_LONGITUDINAL_MEASUREMENTS,
  findMeasurement,
  findMeasurementByTerm,
  LEGACY_AT_BURDEN_KEY,
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

// Issue 28 §3: the device check shows the new terms where a clinician expects them.
describe('the device check’s new terms', () => {
  const keysOf = async (configuration: 'dualLead' | 'biValve', type: 'PM' | 'ICD' | 'Other') => {
    const { groupDeviceCheckFields } = await import('./device-check-groups');
    return groupDeviceCheckFields(configuration, type).map((group) => ({
      id: group.id,
      keys: group.fields.map((field) => field.key),
    }));
  };

  it('puts CRT % paced right beside LV % paced, in Pacing', async () => {
    const pacing = (await keysOf('biValve', 'PM')).find((group) => group.id === 'pacing')?.keys ?? [];
    const lv = pacing.indexOf('MDC_IDC_STAT_CRT_LV_PERCENT_PACED');
    expect(lv).toBeGreaterThanOrEqual(0);
    expect(pacing[lv + 1]).toBe('MDC_IDC_STAT_CRT_PERCENT_PACED');
    expect(listDeviceCheckFields('dualLead', 'PM')).not.toContain('MDC_IDC_STAT_CRT_PERCENT_PACED');
  });

  it('shows each lead’s sensing mean, min and max after its sensing, and its lead channel status', async () => {
    const groups = await keysOf('dualLead', 'PM');
    for (const chamber of ['RA', 'RV']) {
      const term = `MDC_IDC_MSMT_LEADCHNL_${chamber}`;
      expect(groups.find((group) => group.id === `lead-${chamber}`)?.keys).toEqual([
        `${term}_SENSING_INTR_AMPL`,
        `${term}_SENSING_INTR_AMPL_MEAN`,
        `${term}_SENSING_INTR_AMPL_MIN`,
        `${term}_SENSING_INTR_AMPL_MAX`,
        `${term}_PACING_THRESHOLD_AMPLITUDE`,
        `${term}_PACING_THRESHOLD_PULSEWIDTH`,
        `${term}_IMPEDANCE_VALUE`,
        `${term}_LEAD_CHANNEL_STATUS`,
      ]);
    }
    expect(findMeasurement('MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS')).toMatchObject({
      kind: 'status',
      values: ['OK', 'CheckLead'],
    });
  });

  it('shows the AT/AF burden with the episodes, and an ICD’s HV lead status with its impedance', async () => {
    const groups = await keysOf('dualLead', 'ICD');
    expect(groups.find((group) => group.id === 'episodes')?.keys).toContain(AT_BURDEN_KEY);
    expect(groups.find((group) => group.id === 'hv')?.keys).toEqual([
      'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
      'MDC_IDC_MSMT_LEADHVCHNL_STATUS',
    ]);
  });

  it('accepts the new values on a check, a lead status only as IDCO names it', () => {
    expect(
      checkDeviceCheckMeasurements('dualLead', 'PM', {
        ...DUAL_PM_VALUES,
        MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL_MEAN: 10.5,
        MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS: 'CheckLead',
        [AT_BURDEN_KEY]: 3.2,
      }),
    ).toEqual([]);
    expect(
      checkDeviceCheckMeasurements('dualLead', 'PM', {
        ...DUAL_PM_VALUES,
        MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS: 'Broken',
      }),
    ).toEqual([
      {
        field: 'measurements.MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS',
        message: 'must be one of OK, CheckLead',
        kind: 'value',
      },
    ]);
  });

  it('gives a device of unknown type (Other) a pacemaker’s check: no HV fields, the same required ones', () => {
    expect(listDeviceCheckFields('dualLead', 'Other')).toEqual(listDeviceCheckFields('dualLead', 'PM'));
    expect(listRequiredDeviceCheckFields('dualLead', 'Other')).toEqual(
      listRequiredDeviceCheckFields('dualLead', 'PM'),
    );
  });
});

// Issue 28 §2: the AT/AF burden under IDCO’s own name; the older one is read as the same term.
describe('the AT/AF burden', () => {
  it('is keyed MDC_IDC_STAT_AT_BURDEN_PERCENT (737696), with the older ATAF name as an alias', () => {
    expect(AT_BURDEN_KEY).toBe('MDC_IDC_STAT_AT_BURDEN_PERCENT');
    expect(findMeasurement(AT_BURDEN_KEY)).toMatchObject({ ieeeCode: 737696, unit: '%' });
    expect(findMeasurement(LEGACY_AT_BURDEN_KEY)).toBeUndefined();
    expect(findMeasurementByTerm(LEGACY_AT_BURDEN_KEY)?.key).toBe(AT_BURDEN_KEY);
  });

  it('is in every device type’s default trends but a single lead’s', () => {
    for (const type of ['PM', 'ICD', 'ILR', 'Other'] as const) {
      expect(DEFAULT_LONGITUDINAL_MEASUREMENTS[type]).toContain(AT_BURDEN_KEY);
    }
  });
});

describe('the default trends of a device of unknown type (Other)', () => {
  it('are every type’s measurements, each once', () => {
    const other = DEFAULT_LONGITUDINAL_MEASUREMENTS.Other;
    expect(new Set(other).size).toBe(other.length);
    for (const type of ['PM', 'ICD', 'ILR'] as const) {
      for (const key of DEFAULT_LONGITUDINAL_MEASUREMENTS[type]) expect(other).toContain(key);
    }
  });
});

describe('a lead’s identity (IDCO MDC_IDC_LEAD_*, per chamber)', () => {
  it('is a text measurement per chamber, checked for length, in the trends after each lead', () => {
    expect(findMeasurement('MDC_IDC_LEAD_MODEL.RV')).toMatchObject({
      kind: 'text',
      chamber: 'RV',
      label: 'RV lead model',
      ieeeCode: 720961,
    });
    expect(checkImportedMeasurementValue('MDC_IDC_LEAD_SERIAL.LV', 'PJN123456')).toBeUndefined();
    expect(checkImportedMeasurementValue('MDC_IDC_LEAD_SERIAL.LV', 'x'.repeat(101))).toBe(
      'must be a text of 1 to 100 characters',
    );
    expect(checkImportedMeasurementValue('MDC_IDC_LEAD_SERIAL.LV', 12)).toBe(
      'must be a text of 1 to 100 characters',
    );
    const pm = DEFAULT_LONGITUDINAL_MEASUREMENTS.PM;
    expect(pm.indexOf('MDC_IDC_LEAD_MODEL.RV')).toBe(
      pm.indexOf('MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS') + 1,
    );
    for (const type of ['PM', 'ICD', 'Other'] as const)
      expect(DEFAULT_LONGITUDINAL_MEASUREMENTS[type]).toContain('MDC_IDC_LEAD_IMPLANT_DT.LV');
    expect(DEFAULT_LONGITUDINAL_MEASUREMENTS.ILR.some((key) => key.startsWith('MDC_IDC_LEAD_'))).toBe(false);
    // Not a field of the in-person form.
    expect(listDeviceCheckFields('biValve', 'ICD').some((key) => key.startsWith('MDC_IDC_LEAD_'))).toBe(
      false,
    );
  });
});
