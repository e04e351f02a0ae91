import { describe, expect, it } from 'vitest';
import { findSettingRange, type SettingValueType, workflowDefaults } from './clinic-settings';
import { checkSettingValue, listEnumOptions, parseSettingValue } from './parse-setting-value';

const COVERSHEET: SettingValueType = 'enum:none|longitudinal|billing';

describe('parseSettingValue', () => {
  it.each<[string, SettingValueType, string | null | undefined, string | number | null]>([
    ['an integer string becomes a number', 'integer', '25', 25],
    ['a padded integer is accepted', 'integer', ' 30 ', 30],
    ['a negative integer', 'integer', '-1', -1],
    ['any string is a string', 'string', 'Reviewed by:', 'Reviewed by:'],
    ['an empty string is a string', 'string', '', ''],
    ['an enum option', COVERSHEET, 'billing', 'billing'],
    ['null means no value', 'integer', null, null],
    ['undefined means no value', COVERSHEET, undefined, null],
  ])('accepts: %s', (_story, valueType, raw, value) => {
    expect(parseSettingValue(valueType, raw)).toEqual({ ok: true, value });
  });

  it.each<[string, SettingValueType, string, string]>([
    ['a decimal is not an integer', 'integer', '2.5', "'2.5' is not an integer"],
    ['words are not an integer', 'integer', 'twenty', "'twenty' is not an integer"],
    ['an empty string is not an integer', 'integer', '', "'' is not an integer"],
    [
      'a number too big to be exact',
      'integer',
      '99999999999999999999',
      "'99999999999999999999' is not an integer",
    ],
    [
      'a value outside the enum',
      COVERSHEET,
      'detailed',
      "'detailed' is not one of none, longitudinal, billing",
    ],
    [
      'enum values are case-sensitive',
      COVERSHEET,
      'Billing',
      "'Billing' is not one of none, longitudinal, billing",
    ],
  ])('rejects: %s', (_story, valueType, raw, reason) => {
    expect(parseSettingValue(valueType, raw)).toEqual({ ok: false, reason });
  });

  it('names an unknown value type instead of guessing', () => {
    expect(parseSettingValue('boolean' as SettingValueType, 'true')).toEqual({
      ok: false,
      reason: "unknown value type 'boolean'",
    });
  });
});

describe('listEnumOptions', () => {
  it.each([
    [COVERSHEET, ['none', 'longitudinal', 'billing']],
    ['string', []],
  ])('%s has options %j', (valueType, options) => {
    expect(listEnumOptions(valueType)).toEqual(options);
  });
});

describe('checkSettingValue: the value type, then the range of a numeric setting', () => {
  const pageLength = { name: 'emrPdfMaxPageLength', valueType: 'integer' as const };
  const custom = { name: 'retriesBeforeEscalation', valueType: 'integer' as const };
  it.each<
    [
      string,
      { name: string; valueType: SettingValueType },
      string | null,
      ReturnType<typeof checkSettingValue>,
    ]
  >([
    ['a page length in range', pageLength, '40', { ok: true, value: 40 }],
    ['the lowest page length', pageLength, '1', { ok: true, value: 1 }],
    ['the highest page length', pageLength, '500', { ok: true, value: 500 }],
    ['no value is always accepted', pageLength, null, { ok: true, value: null }],
    [
      'a negative page length',
      pageLength,
      '-3',
      { ok: false, message: 'must be a whole number from 1 to 500' },
    ],
    ['a page length of 0', pageLength, '0', { ok: false, message: 'must be a whole number from 1 to 500' }],
    [
      'a page length of 501',
      pageLength,
      '501',
      { ok: false, message: 'must be a whole number from 1 to 500' },
    ],
    ['a page length that is not a number', pageLength, 'lots', { ok: false, message: 'must be integer' }],
    [
      'an added integer setting below 0',
      custom,
      '-1',
      { ok: false, message: 'must be a whole number from 0 to 1,000,000' },
    ],
    ['an added integer setting at 0', custom, '0', { ok: true, value: 0 }],
    [
      'a text setting has no range',
      { name: 'footerText', valueType: 'string' },
      '-3',
      { ok: true, value: '-3' },
    ],
  ])('%s', (_story, setting, raw, expected) => {
    expect(checkSettingValue(setting, raw)).toEqual(expected);
  });

  it('every built-in integer setting has a range its own default lies in', () => {
    const numeric = workflowDefaults.filter((setting) => setting.valueType === 'integer');
    expect(numeric.length).toBeGreaterThan(0);
    for (const setting of numeric) {
      expect(findSettingRange(setting.name, setting.valueType), setting.name).not.toBeNull();
      expect(checkSettingValue(setting, setting.value), setting.name).toMatchObject({ ok: true });
    }
  });
});
