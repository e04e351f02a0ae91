import { describe, expect, it } from 'vitest';
import {
  type AfWithoutOacInput,
  customOacValue,
  isAfWithoutOac,
  oacEndDateProblem,
  oacStatusOf,
} from './oac-rules';
import { formatMedicationName, OAC_CUSTOM_PREFIX } from './oac-statuses';

const TODAY = '2026-06-15';
const afHistory = { hasAfibHistory: true, hasLAAO: false };

describe('the custom form prefix', () => {
  it('is the one prefix the domain defines', () => {
    expect(customOacValue('not-on-oac')).toBe(`${OAC_CUSTOM_PREFIX}not-on-oac`);
  });

  it.each([
    ['on-oac', 'on-oac'],
    ['custom:has-laao', 'has-laao'],
    ['custom:made-up', null],
    ['made-up', null],
    ['', null],
    [null, null],
  ])('%j stands for the status %j', (value, status) => {
    expect(oacStatusOf(value)).toBe(status);
  });
});

describe("an OAC entry's unknown medication", () => {
  it.each([
    [undefined, '(unknown medication)'],
    ['', '(unknown medication)'],
    ['Apixaban', 'Apixaban'],
  ])('%j is shown as %s', (name, shown) => {
    expect(formatMedicationName(name)).toBe(shown);
  });
});

describe('isAfWithoutOac', () => {
  it.each<[string, AfWithoutOacInput, boolean]>([
    ['AF history, status not reported', { oacStatus: 'not-reported', medicalInfo: afHistory }, true],
    ['AF history, no status at all', { oacStatus: null, medicalInfo: afHistory }, true],
    ['AF alerts only, not on OAC', { oacStatus: 'not-on-oac', hasAfAlerts: true }, true],
    ['a rising AF burden only, no status', { oacStatus: null, hasRisingAfBurden: true }, true],
    ['a rising AF burden, on OAC', { oacStatus: 'on-oac', hasRisingAfBurden: true }, false],
    [
      'a rising AF burden, stop AF alerts',
      { oacStatus: 'not-on-oac-stop-af-alerts', hasRisingAfBurden: true },
      false,
    ],
    ['no AF evidence, burden not rising', { oacStatus: null, hasRisingAfBurden: false }, false],
    ['AF history, the patient declined OAC', { oacStatus: 'oac-declined', medicalInfo: afHistory }, true],
    ['AF history, indeterminate', { oacStatus: 'indeterminate', medicalInfo: afHistory }, true],
    [
      'AF history, not on OAC from the custom form',
      { oacStatus: 'custom:not-on-oac', medicalInfo: afHistory },
      true,
    ],
    ['AF history, on OAC', { oacStatus: 'on-oac', medicalInfo: afHistory }, false],
    [
      'AF history, on OAC from the custom form',
      { oacStatus: 'custom:on-oac', medicalInfo: afHistory },
      false,
    ],
    ['AF history, has LAAO', { oacStatus: 'has-laao', medicalInfo: afHistory }, false],
    ['AF history, contraindicated', { oacStatus: 'oac-contraindicated', medicalInfo: afHistory }, false],
    ['AF alerts, stop AF alerts', { oacStatus: 'not-on-oac-stop-af-alerts', hasAfAlerts: true }, false],
    ['excluded status from the custom form', { oacStatus: 'custom:has-laao', hasAfAlerts: true }, false],
    [
      'AF history, LAAO in the medical info',
      { oacStatus: 'not-reported', medicalInfo: { hasAfibHistory: true, hasLAAO: true } },
      false,
    ],
    [
      'AF history, a running OAC entry',
      {
        oacStatus: 'not-reported',
        medicalInfo: afHistory,
        oacHistory: [{ startDate: '2026-01-01', endDate: null }],
      },
      false,
    ],
    [
      'AF history, an entry ending today',
      { oacStatus: null, medicalInfo: afHistory, oacHistory: [{ startDate: '2026-01-01', endDate: TODAY }] },
      false,
    ],
    [
      'AF history, an ended OAC entry',
      {
        oacStatus: 'not-reported',
        medicalInfo: afHistory,
        oacHistory: [{ startDate: '2025-01-01', endDate: '2025-12-31' }],
      },
      true,
    ],
    [
      'AF history, an entry not started yet',
      {
        oacStatus: 'not-reported',
        medicalInfo: afHistory,
        oacHistory: [{ startDate: '2026-07-01', endDate: null }],
      },
      true,
    ],
    ['no AF, not on OAC', { oacStatus: 'not-on-oac', medicalInfo: { hasAfibHistory: false } }, false],
    [
      'AF history unknown, no alerts',
      { oacStatus: 'not-on-oac', medicalInfo: null, hasAfAlerts: false },
      false,
    ],
  ])('%s → %s', (_story, patient, flagged) => {
    expect(isAfWithoutOac(patient, TODAY)).toBe(flagged);
  });
});

describe('oacEndDateProblem', () => {
  it.each([
    ['2026-01-10', '2026-01-09', { field: 'endDate', message: 'must not be before startDate' }],
    ['2026-01-10', '2026-01-10', null],
    ['2026-01-10', '2026-02-01', null],
    ['2026-01-10', null, null],
    ['2026-01-10', undefined, null],
  ])('start %s, end %j → %j', (start, end, problem) => {
    expect(oacEndDateProblem(start, end)).toEqual(problem);
  });
});
