import { describe, expect, it } from 'vitest';
import { formatMedicationName, OAC_STATUS_LABELS, parseOacValue } from './oac-statuses';

describe('OAC labels', () => {
  it.each([
    ['oac-declined', 'Patient Declined'],
    ['oac-contraindicated', 'Contraindicated'],
  ] as const)('%s reads %s as SPEC gives it', (status, label) => {
    expect(OAC_STATUS_LABELS[status]).toBe(label);
  });
});

describe('parseOacValue', () => {
  it.each([
    ['a plain status', 'on-oac', { status: 'on-oac', isCustom: false }],
    ['a status from the custom form', 'custom:not-on-oac', { status: 'not-on-oac', isCustom: true }],
  ])('reads %s', (_story, value, parsed) => {
    expect(parseOacValue(value)).toEqual(parsed);
  });
});

describe('formatMedicationName', () => {
  it.each([
    ['Apixaban', 'Apixaban'],
    ['', '(unknown medication)'],
    [null, '(unknown medication)'],
    ['  ', '(unknown medication)'],
  ])('%j is shown as %s', (name, shown) => {
    expect(formatMedicationName(name)).toBe(shown);
  });
});
