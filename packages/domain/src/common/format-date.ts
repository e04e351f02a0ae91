import { isValid, parseISO } from 'date-fns';
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
  return formatPattern(date, pattern);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const twelveHour = (date: Date) => date.getHours() % 12 || 12;

/** The date-fns pattern tokens the formats of SPEC §9 use (date-formats.ts), in local time. */
const TOKENS: Record<string, (date: Date) => string> = {
  yyyy: (date) => pad(date.getFullYear(), 4),
  MMMM: (date) => MONTH_NAMES[date.getMonth()] ?? '',
  MM: (date) => pad(date.getMonth() + 1),
  dd: (date) => pad(date.getDate()),
  d: (date) => String(date.getDate()),
  HH: (date) => pad(date.getHours()),
  hh: (date) => pad(twelveHour(date)),
  mm: (date) => pad(date.getMinutes()),
  ss: (date) => pad(date.getSeconds()),
  a: (date) => (date.getHours() < 12 ? 'AM' : 'PM'),
  aaa: (date) => (date.getHours() < 12 ? 'am' : 'pm'),
};

/**
 * date-fns `format` for the tokens above, without its locale machinery (which the web app would otherwise
 * load before its first screen, issue 11 §10): runs of one letter are a token, 'quoted' text is literal,
 * anything else is copied. An unknown token throws, as date-fns does for unescaped letters.
 */
function formatPattern(date: Date, pattern: string): string {
  return pattern.replace(/'([^']*)'|([a-zA-Z])\2*/g, (match, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    const token = TOKENS[match];
    if (!token) throw new RangeError(`Unsupported date format token '${match}' in '${pattern}'`);
    return token(date);
  });
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
