// Dates as device labels write them: two-digit years, an optional day, day-of-year (Julian) dates.

/**
 * The full year of a two-digit year, by the GS1 General Specifications' rule (§7.12, also used here for
 * HIBC): the year lies within 49 years before and 50 years after today's.
 */
export function fullYearOfTwoDigitYear(twoDigitYear: number, today: Date): number {
  const currentYear = today.getUTCFullYear();
  const century = currentYear - (currentYear % 100);
  const difference = twoDigitYear - (currentYear % 100);
  if (difference >= 51) return century - 100 + twoDigitYear;
  if (difference <= -50) return century + 100 + twoDigitYear;
  return century + twoDigitYear;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * 'YYYY-MM-DD' of a calendar date, or null when there is no such day. Day 0 means the month's last day,
 * when the caller allows it (GS1 dates: "DD = 00" when only the month is meant).
 */
export function calendarDate(
  year: number,
  month: number,
  day: number,
  options: { dayZeroIsEndOfMonth?: boolean } = {},
): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  if (day === 0 && options.dayZeroIsEndOfMonth) return isoDate(year, month, lastDay);
  if (day < 1 || day > lastDay) return null;
  return isoDate(year, month, day);
}

/** 'YYYY-MM-DD' of a day of the year (1 = 1 January), or null when the year has no such day. */
export function dateOfDayOfYear(year: number, dayOfYear: number): string | null {
  const daysInYear = daysInMonth(year, 2) === 29 ? 366 : 365;
  if (!Number.isInteger(dayOfYear) || dayOfYear < 1 || dayOfYear > daysInYear) return null;
  const date = new Date(Date.UTC(year, 0, dayOfYear));
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
