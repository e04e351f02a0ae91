import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  formatDevice,
  formatDobWithAge,
  formatOacStatus,
  formatPatientName,
  formatPatientSortName,
  localIsoDate,
} from './patient-format';

const effective = (first: string, middle: string | null, last: string) => ({
  effective: {
    firstName: { value: first, source: 'synced' as const },
    middleName: { value: middle, source: 'synced' as const },
    lastName: { value: last, source: 'override' as const },
    gender: { value: null, source: 'synced' as const },
    physicianNpi: { value: null, source: 'synced' as const },
  },
});

describe('patient format', () => {
  it('names the patient by the effective values, in reading and in list order', () => {
    expect(formatPatientName(effective('Marguerite', 'Anne', 'Fennimore'))).toBe('Marguerite Anne Fennimore');
    expect(formatPatientSortName(effective('Marguerite', 'Anne', 'Fennimore'))).toBe(
      'Fennimore, Marguerite A.',
    );
    expect(formatPatientName(effective('Jan', null, 'Żółć'))).toBe('Jan Żółć');
    expect(formatPatientSortName(effective('Jan', '', 'Żółć'))).toBe('Żółć, Jan');
  });

  it('counts whole years of age, the birthday itself included', () => {
    expect(ageInYears('1946-03-14', '2026-03-13')).toBe(79);
    expect(ageInYears('1946-03-14', '2026-03-14')).toBe(80);
    expect(ageInYears('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageInYears('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageInYears(null)).toBeNull();
    expect(ageInYears('not a date')).toBeNull();
    expect(formatDobWithAge('1946-03-14', '2026-03-14')).toBe('03/14/1946 (80 y)');
    expect(formatDobWithAge(null)).toBe('');
  });

  it("reads today in the browser's own calendar", () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('labels OAC values, with or without the custom prefix', () => {
    expect(formatOacStatus('on-oac')).toBe('On OAC');
    expect(formatOacStatus('custom:oac-declined')).toBe('Patient Declined');
    expect(formatOacStatus(null)).toBe('Not recorded');
  });

  it('describes the device in one line, by manufacturer name', () => {
    const device = {
      model: 'Azure XT DR MRI',
      modelNumber: 'W1DR01',
      manufacturer: 'MDT' as const,
      serialNumber: 'RNB123456S',
      manufacturerAdvisories: null,
    };
    expect(formatDevice(device)).toBe('Medtronic Azure XT DR MRI (W1DR01)');
    expect(formatDevice(device, { withSerial: true })).toBe(
      'Medtronic Azure XT DR MRI (W1DR01) · SN RNB123456S',
    );
    expect(formatDevice(null)).toBe('');
    // A serial recorded before the model: no separator in front of it.
    expect(
      formatDevice({ ...device, model: null, modelNumber: null, manufacturer: null }, { withSerial: true }),
    ).toBe('SN RNB123456S');
  });
});
