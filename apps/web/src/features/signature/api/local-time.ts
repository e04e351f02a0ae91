import { formatISO } from 'date-fns';

/**
 * The signer's clock as ISO 8601 with its offset ('2026-12-07T11:42:10-05:00'): the server prints the
 * signature's time (its own clock) in this offset, so a signer away from the clinic sees their own time.
 */
export function localTime(now: Date = new Date()): string {
  return formatISO(now);
}
