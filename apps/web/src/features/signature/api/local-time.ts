import { format } from 'date-fns';

/** The signer's wall-clock time, which the server prints on the signature (SPEC §9 US format). */
export function localTime(now: Date = new Date()): string {
  return format(now, 'MM/dd/yyyy hh:mm:ss aaa');
}
