import { isApiError } from './api-client';

/** 'is already in use' → 'Is already in use.': a server detail as a sentence. */
export function toSentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * A server detail as the line under its field. Messages that continue the field's name
 * ('is already in use', 'must be integer') get the label in front: 'Name is already in use.'.
 */
export function toFieldMessage(label: string | undefined, message: string): string {
  if (label && /^(is|are|must|should|has|needs|cannot|can't|does)\b/.test(message)) {
    return toSentence(`${label} ${message}`);
  }
  return toSentence(message);
}

export type ServerFieldErrors<Field extends string> = {
  /** Problems the server named a field of the form for, one line each. */
  fields: Partial<Record<Field, string>>;
  /** Everything else: problems with other fields, or the error's message when it named none. */
  other: string[];
};

/**
 * The server's field problems (`details: [{field, message}]` on 400, 409 and 422) beside the form's
 * fields; the rest as general problems. `labels` names the form's fields ('name' → 'Name').
 */
export function toServerFieldErrors<Field extends string>(
  error: unknown,
  labels: Record<Field, string>,
): ServerFieldErrors<Field> {
  const fields: Partial<Record<Field, string>> = {};
  const other: string[] = [];
  const details = isApiError(error) ? (error.details ?? []) : [];
  for (const detail of details) {
    const field = detail.field.split('.')[0] ?? '';
    if (Object.hasOwn(labels, field)) {
      const key = field as Field;
      fields[key] ??= toFieldMessage(labels[key], detail.message);
    } else {
      other.push(`${detail.field}: ${detail.message}`);
    }
  }
  if (Object.keys(fields).length === 0 && other.length === 0 && error instanceof Error)
    other.push(error.message);
  return { fields, other };
}
