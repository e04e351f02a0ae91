import { describe, expect, it } from 'vitest';
import type { SettingValueType } from './clinic-settings';
import { listEnumOptions, parseSettingValue } from './parse-setting-value';

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
