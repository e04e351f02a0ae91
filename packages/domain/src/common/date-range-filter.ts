import { addDays, isAfter, isValid, startOfDay } from 'date-fns';
import { type DateInput, parseDateInput } from './format-date';

/** A document date filter: start inclusive, end exclusive; an absent bound is open. */
export type DateRangeFilter = {
  start?: Date;
  endExclusive?: Date;
};

/**
 * Builds the date filter of SPEC §5 from calendar-day inputs. Both bounds are taken at local midnight.
 * 'before' is inclusive for the user, so the end is made exclusive by adding one day; it is used only
 * when it is strictly later than 'after' (the SPEC rule, applied literally to the days picked).
 * Empty or unparseable inputs are ignored.
 */
export function buildDateRangeFilter({
  after,
  before,
}: {
  after?: DateInput;
  before?: DateInput;
}): DateRangeFilter {
  const start = toDay(after);
  const end = toDay(before);
  const filter: DateRangeFilter = {};
  if (start) filter.start = start;
  if (end && (!start || isAfter(end, start))) filter.endExclusive = addDays(end, 1);
  return filter;
}

function toDay(value: DateInput): Date | undefined {
  const date = parseDateInput(value);
  return date && isValid(date) ? startOfDay(date) : undefined;
}
