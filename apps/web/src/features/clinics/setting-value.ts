import type { SettingRange } from '@portal/domain';
import { isApiError } from '../../lib/api-client';

export type SettingValueKind =
  | { kind: 'integer' }
  | { kind: 'string' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'none' };

/**
 * A default's valueType ('integer', 'string', 'enum:none|longitudinal|billing') as an input kind. A
 * 'string' setting whose default value is null is on/off only: its switch is the whole setting.
 */
export function parseValueType(
  valueType: string | null | undefined,
  defaultValue: string | number | null = '',
): SettingValueKind {
  if (valueType === 'integer') return { kind: 'integer' };
  if (valueType === 'string') return defaultValue === null ? { kind: 'none' } : { kind: 'string' };
  if (valueType?.startsWith('enum:')) {
    const options = valueType
      .slice('enum:'.length)
      .split('|')
      .map((option) => option.trim())
      .filter(Boolean);
    return { kind: 'enum', options };
  }
  return { kind: 'none' };
}

/** 'from 1 to 500', as the field's hint and its error say it. */
export function describeRange(range: SettingRange): string {
  return `from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}`;
}

/**
 * The text typed in an integer field as a value to save, or an error to show beside it. With a range (the
 * one the server enforces, from findSettingRange) a number outside it is refused before it is sent.
 */
export function parseIntegerInput(
  text: string,
  range?: SettingRange | null,
): { value: number } | { error: string } {
  const trimmed = text.trim();
  const wanted = range ? `Enter a whole number ${describeRange(range)}.` : 'Enter a whole number.';
  if (!/^-?\d+$/.test(trimmed)) return { error: wanted };
  const value = Number.parseInt(trimmed, 10);
  if (range && (value < range.min || value > range.max)) return { error: wanted };
  return { value };
}

/** An enum option as a person reads it: 'longitudinal' → 'Longitudinal'. */
export function labelEnumOption(option: string): string {
  return option.charAt(0).toUpperCase() + option.slice(1);
}

/** One line for a failed save: the server's field problem if it named one, else its message. */
export function describeSaveError(error: unknown): string {
  const detail = isApiError(error) ? error.details?.[0] : undefined;
  if (detail) {
    const text = detail.message.charAt(0).toUpperCase() + detail.message.slice(1);
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  return error instanceof Error ? error.message : String(error);
}
