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

/** The text typed in an integer field as a value to save, or an error to show beside it. */
export function parseIntegerInput(text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return { error: 'Enter a whole number.' };
  return { value: Number.parseInt(trimmed, 10) };
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
