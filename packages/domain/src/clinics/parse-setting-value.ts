import { findSettingRange, type SettingValueType } from './clinic-settings';
import { CLINIC_TIME_ZONE_SETTING, isIanaTimeZone } from './clinic-time-zone';

/** A typed setting value: numbers for 'integer', strings otherwise, null when none is stored. */
export type SettingValue = string | number | null;

export type SettingValueResult = { ok: true; value: SettingValue } | { ok: false; reason: string };

const ENUM_PREFIX = 'enum:';

/** The options of an 'enum:a|b|c' value type; [] for other types. */
export function listEnumOptions(valueType: string): string[] {
  return valueType.startsWith(ENUM_PREFIX) ? valueType.slice(ENUM_PREFIX.length).split('|') : [];
}

/**
 * Reads a stored setting string by its value type. null/undefined mean "no value" and are accepted
 * for every type. An integer must be a whole-number string; an enum value must be one of its options.
 */
export function parseSettingValue(
  valueType: SettingValueType,
  raw: string | null | undefined,
): SettingValueResult {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (valueType === 'string') return { ok: true, value: raw };
  if (valueType === 'integer') {
    const text = raw.trim();
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) {
      return { ok: false, reason: `'${raw}' is not an integer` };
    }
    return { ok: true, value };
  }
  if (valueType.startsWith(ENUM_PREFIX)) {
    const options = listEnumOptions(valueType);
    if (!options.includes(raw)) return { ok: false, reason: `'${raw}' is not one of ${options.join(', ')}` };
    return { ok: true, value: raw };
  }
  return { ok: false, reason: `unknown value type '${valueType}'` };
}

export type SettingValueCheck = { ok: true; value: SettingValue } | { ok: false; message: string };

/**
 * Checks a value for one setting: its value type, then, for numbers, its range (findSettingRange). The
 * message completes the field's name: 'must be integer', 'must be a whole number from 1 to 500'.
 */
export function checkSettingValue(
  setting: { name: string; valueType: SettingValueType },
  raw: string | null | undefined,
): SettingValueCheck {
  const parsed = parseSettingValue(setting.valueType, raw);
  if (!parsed.ok) return { ok: false, message: `must be ${setting.valueType}` };
  if (
    setting.name === CLINIC_TIME_ZONE_SETTING &&
    typeof parsed.value === 'string' &&
    !isIanaTimeZone(parsed.value)
  )
    return { ok: false, message: 'must be an IANA time zone name, such as America/New_York' };
  const range = findSettingRange(setting.name, setting.valueType);
  if (range && typeof parsed.value === 'number' && (parsed.value < range.min || parsed.value > range.max)) {
    return {
      ok: false,
      message: `must be a whole number from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}`,
    };
  }
  return parsed;
}
