import { format, isValid, parseISO } from 'date-fns';
import {
  DATE_FORMAT_FILENAME,
  DATE_FORMAT_TIMELINE,
  DATE_FORMAT_TIMESTAMP,
  DATE_FORMAT_US,
  DATE_FORMAT_US_DATE,
  DATE_FORMAT_US_MINUTES,
} from './date-formats';

/** What the date helpers accept: a Date, an ISO (or other Date-parsable) string, or epoch milliseconds. */
export type DateInput = Date | string | number | null | undefined;

export const INVALID_DATE_TEXT = '(invalid date)';

/**
 * Parses a date input; null for empty input, an invalid Date for unparseable input.
 * Strings are read as ISO first so a bare '2024-03-05' means that local day, not UTC midnight.
 */
export function parseDateInput(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (value.trim() === '') return null;
  const iso = parseISO(value);
  return isValid(iso) ? iso : new Date(value);
}

/** Formats with a date-fns pattern: '' for empty input, '(invalid date)' for unparseable input (SPEC §5). */
export function formatDateValue(value: DateInput, pattern: string): string {
  const date = parseDateInput(value);
  if (date === null) return '';
  if (!isValid(date)) return INVALID_DATE_TEXT;
  return format(date, pattern);
}

/** e.g. '03/05/2024 02:07:09 pm' */
export function formatUsDateTime(value: DateInput): string {
  return formatDateValue(value, DATE_FORMAT_US);
}

/** e.g. '03/05/2024 02:07 pm' */
export function formatUsDateTimeToMinute(value: DateInput): string {
  return formatDateValue(value, DATE_FORMAT_US_MINUTES);
}

/** e.g. '03/05/2024' */
export function formatUsDate(value: DateInput): string {
  return formatDateValue(value, DATE_FORMAT_US_DATE);
}

/** e.g. '2024/03/05 02:07:09 pm' */
export function formatTimestamp(value: DateInput): string {
  return formatDateValue(value, DATE_FORMAT_TIMESTAMP);
}

/** e.g. 'March 5, 2024 at 02:07 PM' */
export function formatTimeline(value: DateInput): string {
  return formatDateValue(value, DATE_FORMAT_TIMELINE);
}

/** e.g. '2024-03-05_14-07-09', safe inside file names. */
export function formatFilenameTimestamp(value: DateInput): string {
  return formatDateValue(value, DATE_FORMAT_FILENAME);
}
