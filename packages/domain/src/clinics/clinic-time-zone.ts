// A clinic's time zone (issue 28 §2, reused by issue 31 for the signature time): an IANA name such as
// 'America/Chicago', stored as the clinic setting `clinicTimeZone`, 'America/New_York' by default. A local
// time without a zone (an HL7 session time, a time printed on a PDF) is read in it. Read the setting only
// through clinicTimeZoneOf (domain) or getClinicTimeZone / saveClinicTimeZone (server,
// modules/clinics/clinic-time-zone.ts).
import { zoneFormatter } from '../common/zone-formatter';

export const CLINIC_TIME_ZONE_SETTING = 'clinicTimeZone' as const;
export const DEFAULT_CLINIC_TIME_ZONE = 'America/New_York';

/** Whether the text is an IANA time zone name this runtime knows ('UTC' and 'Etc/…' included). */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The clinic's time zone from its merged configuration: its value when valid, else the default. */
export function clinicTimeZoneOf(configuration: {
  settings: Readonly<Record<string, { enabled?: boolean; value?: unknown } | undefined>>;
}): string {
  const setting = configuration.settings[CLINIC_TIME_ZONE_SETTING];
  const value = typeof setting?.value === 'string' ? setting.value.trim() : '';
  return value !== '' && isIanaTimeZone(value) ? value : DEFAULT_CLINIC_TIME_ZONE;
}

export type LocalDateTime = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
};

/** The wall-clock fields of an instant in a time zone. */
export function toLocalDateTime(instant: Date, timeZone: string): Required<LocalDateTime> {
  const parts = Object.fromEntries(
    zoneFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: instant.getUTCMilliseconds(),
  };
}

/** The zone's offset from UTC at an instant, in minutes (New York in January: -300). */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string): number {
  const local = toLocalDateTime(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - (instant.getTime() - instant.getUTCMilliseconds())) / 60_000);
}

/**
 * The instant a wall-clock time in a time zone names. A time the spring-forward gap skips is read with
 * the offset before the gap (02:30 becomes 03:30 daylight time); an hour the fall-back repeats is read
 * as its first occurrence (daylight time).
 */
export function localDateTimeToInstant(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
    local.millisecond ?? 0,
  );
  const before = timeZoneOffsetMinutes(new Date(wall - 86_400_000), timeZone);
  const after = timeZoneOffsetMinutes(new Date(wall + 86_400_000), timeZone);
  // Try the earlier offset first (the first occurrence of a repeated hour), then the later one.
  const [first, second] = before >= after ? [before, after] : [after, before];
  for (const offset of [first, second]) {
    const candidate = new Date(wall - offset * 60_000);
    if (timeZoneOffsetMinutes(candidate, timeZone) === offset) return candidate;
  }
  // In a gap: neither offset gives back the wall time; use the offset in force before it.
  return new Date(wall - before * 60_000);
}

/** An instant as the clinic reads it: 'YYYY-MM-DD HH:mm' and the offset ('-05:00'), never labelled UTC. */
export function formatClinicLocalTime(
  instant: Date,
  timeZone: string,
): { date: string; time: string; offset: string; text: string } {
  const local = toLocalDateTime(instant, timeZone);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  const offsetMinutes = timeZoneOffsetMinutes(instant, timeZone);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  const date = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
  const time = `${pad(local.hour)}:${pad(local.minute)}`;
  return { date, time, offset, text: `${date} ${time} (${timeZone}, UTC${offset})` };
}
