// The date and time printed on a signature (issue 31 §1; 21 CFR Part 11 §11.50): the server's clock at
// signing, never a time the client typed. Printed in the clinic's time zone (clinicTimeZoneOf, the
// setting the device-data import shares) with its abbreviation and
// offset ('12/07/2026 11:42:10 AM EST (UTC−05:00)'), or, when the signer sent their own ISO 8601 time with
// an offset (the signer is elsewhere) and it agrees with the server's clock within five minutes, in that
// offset. The audit event keeps the instant in UTC. A date of service is a calendar date, not a moment:
// it prints as it was received, in no zone.

/** How far the signer's own clock may be from the server's. */
export const SIGNER_CLOCK_TOLERANCE_MS = 5 * 60_000;

export const LOCAL_TIME_FORMAT_MESSAGE =
  'must be an ISO 8601 date and time with its offset, such as 2026-12-07T11:42:10-05:00';
export const LOCAL_TIME_CLOCK_MESSAGE = "must be within 5 minutes of the server's clock";

/** ISO 8601 date and time with an offset (or Z): what `localTime` must be. */
export const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Where the signature time is printed: the clinic's zone, or the offset the signer's own time carried. */
export type SignatureZone = { timeZone: string } | { offsetMinutes: number };

export type SignerClock = { ok: true; zone: SignatureZone | undefined } | { ok: false; message: string };

/**
 * The signer's `localTime`, checked against the server's clock `now`: absent, the clinic's zone applies
 * (zone undefined); an ISO 8601 time with offset within SIGNER_CLOCK_TOLERANCE_MS gives its offset;
 * anything else is refused with the message for the `localTime` field.
 */
export function readSignerClock(localTime: string | undefined, now: Date): SignerClock {
  if (localTime === undefined || localTime.trim() === '') return { ok: true, zone: undefined };
  const match = ISO_WITH_OFFSET.exec(localTime.trim());
  const instant = match ? Date.parse(localTime.trim()) : Number.NaN;
  if (!match || Number.isNaN(instant)) return { ok: false, message: LOCAL_TIME_FORMAT_MESSAGE };
  const [, year, month, day, hour, minute, second = '0'] = match;
  const offsetText = match[7] as string;
  const offsetMinutes =
    offsetText === 'Z'
      ? 0
      : (offsetText.startsWith('-') ? -1 : 1) *
        (Number(offsetText.slice(1, 3)) * 60 + Number(offsetText.slice(-2)));
  // Date.parse rolls over impossible fields (02-30, 24:00): the wall time read back must be the one sent.
  const wall = new Date(instant + offsetMinutes * 60_000);
  if (
    Math.abs(offsetMinutes) > 14 * 60 ||
    wall.getUTCFullYear() !== Number(year) ||
    wall.getUTCMonth() + 1 !== Number(month) ||
    wall.getUTCDate() !== Number(day) ||
    wall.getUTCHours() !== Number(hour) ||
    wall.getUTCMinutes() !== Number(minute) ||
    wall.getUTCSeconds() !== Number(second)
  )
    return { ok: false, message: LOCAL_TIME_FORMAT_MESSAGE };
  if (Math.abs(instant - now.getTime()) > SIGNER_CLOCK_TOLERANCE_MS)
    return { ok: false, message: LOCAL_TIME_CLOCK_MESSAGE };
  return { ok: true, zone: { offsetMinutes } };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** 'UTC−05:00' (with the minus sign U+2212), 'UTC+00:00'. */
function offsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '−' : '+';
  const magnitude = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

/** '12/07/2026 11:42:10 AM' of the wall-clock fields. */
function wallText(fields: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}) {
  const hour12 = fields.hour % 12 === 0 ? 12 : fields.hour % 12;
  const meridiem = fields.hour < 12 ? 'AM' : 'PM';
  return `${pad(fields.month)}/${pad(fields.day)}/${pad(fields.year, 4)} ${pad(hour12)}:${pad(fields.minute)}:${pad(fields.second)} ${meridiem}`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The signature's printed time: `instant` in the clinic's zone with abbreviation and offset
 * ('12/07/2026 11:42:10 AM EST (UTC−05:00)'), or in the signer's offset ('12/07/2026 08:42:10 AM (UTC−08:00)').
 */
export function formatSignatureTime(instant: Date, zone: SignatureZone): string {
  if ('offsetMinutes' in zone) {
    const wall = new Date(instant.getTime() + zone.offsetMinutes * 60_000);
    return `${wallText({
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    })} (${offsetLabel(zone.offsetMinutes)})`;
  }
  const parts = Object.fromEntries(
    zoneFormatter(zone.timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const fields = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
  const asUtc = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
  );
  const offsetMinutes = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  // The zone's abbreviation where the locale has one (EST, CDT, PST…); 'GMT+1' style names say no more
  // than the offset beside them, so they are left out.
  const name = String(parts.timeZoneName ?? '');
  const abbreviation = /^[A-Z]{2,5}$/.test(name) ? ` ${name}` : '';
  return `${wallText(fields)}${abbreviation} (${offsetLabel(offsetMinutes)})`;
}

/** A date of service as received: its calendar date (stored as that day's UTC midnight), 'MM/dd/yyyy'. */
export function formatDateOfService(dos: Date): string {
  return `${pad(dos.getUTCMonth() + 1)}/${pad(dos.getUTCDate())}/${pad(dos.getUTCFullYear(), 4)}`;
}
