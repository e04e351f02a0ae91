import { startOfWeek } from 'date-fns';
import { WEEK_STARTS_ON } from './date-formats';

export const START_DATE_NOT_DATE_MESSAGE = 'startDate is not an instance of Date';
export const END_DATE_NOT_DATE_MESSAGE = 'endDate is not an instance of Date';

/** Throws the SPEC §8 date-helper error when the start date is not a Date object. */
export function assertStartDate(startDate: unknown): asserts startDate is Date {
  if (!(startDate instanceof Date)) throw new Error(START_DATE_NOT_DATE_MESSAGE);
}

/**
 * Whole hours between two dates, as SPEC §9 defines it: days*24 + hours, plus 1 when the remaining
 * minutes exceed 30. Measured as elapsed time (DST-independent) and order-independent.
 */
export function calculateHoursBetween(startDate: Date, endDate: Date): number {
  assertStartDate(startDate);
  if (!(endDate instanceof Date)) throw new Error(END_DATE_NOT_DATE_MESSAGE);
  const totalMinutes = Math.floor(Math.abs(endDate.getTime() - startDate.getTime()) / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  return days * 24 + hours + (minutes > 30 ? 1 : 0);
}

/** Local midnight of the Monday that starts the given date's week. */
export function getStartOfWeek(startDate: Date): Date {
  assertStartDate(startDate);
  return startOfWeek(startDate, { weekStartsOn: WEEK_STARTS_ON });
}
