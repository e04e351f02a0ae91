import { formatUsDateTime } from '@portal/domain';

/** The signer's wall-clock time, which the server prints on the signature (SPEC §9 US format). */
export function localTime(now: Date = new Date()): string {
  return formatUsDateTime(now);
}
