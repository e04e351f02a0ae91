import { describe, expect, it } from 'vitest';
import {
  formatDateOfService,
  formatSignatureTime,
  LOCAL_TIME_CLOCK_MESSAGE,
  LOCAL_TIME_FORMAT_MESSAGE,
  readSignerClock,
} from './signature-time';

const now = new Date('2026-12-07T16:42:10.250Z');

describe('the time printed on a signature (issue 31 §1)', () => {
  it("prints the server's clock in the clinic's zone with abbreviation and offset", () => {
    expect(formatSignatureTime(now, { timeZone: 'America/New_York' })).toBe(
      '12/07/2026 11:42:10 AM EST (UTC−05:00)',
    );
    expect(formatSignatureTime(new Date('2026-07-04T17:05:00Z'), { timeZone: 'America/Chicago' })).toBe(
      '07/04/2026 12:05:00 PM CDT (UTC−05:00)',
    );
    expect(formatSignatureTime(new Date('2026-07-04T07:05:00Z'), { timeZone: 'America/Los_Angeles' })).toBe(
      '07/04/2026 12:05:00 AM PDT (UTC−07:00)',
    );
    // A zone without an English abbreviation shows its offset alone.
    expect(formatSignatureTime(now, { timeZone: 'Asia/Kolkata' })).toBe('12/07/2026 10:12:10 PM (UTC+05:30)');
    expect(formatSignatureTime(now, { timeZone: 'UTC' })).toBe('12/07/2026 04:42:10 PM UTC (UTC+00:00)');
  });

  it("prints in the signer's own offset when they sent one", () => {
    expect(formatSignatureTime(now, { offsetMinutes: -480 })).toBe('12/07/2026 08:42:10 AM (UTC−08:00)');
    expect(formatSignatureTime(now, { offsetMinutes: 0 })).toBe('12/07/2026 04:42:10 PM (UTC+00:00)');
  });

  it('takes an ISO 8601 localTime with offset within five minutes of the server clock', () => {
    expect(readSignerClock(undefined, now)).toEqual({ ok: true, zone: undefined });
    expect(readSignerClock('2026-12-07T08:44:00-08:00', now)).toEqual({
      ok: true,
      zone: { offsetMinutes: -480 },
    });
    expect(readSignerClock('2026-12-07T16:47:10Z', now)).toEqual({ ok: true, zone: { offsetMinutes: 0 } });
    expect(readSignerClock('2026-12-07T22:12:10.5+0530', now)).toEqual({
      ok: true,
      zone: { offsetMinutes: 330 },
    });
  });

  it.each([
    ['free text', '01/01/2020 09:00 AM', LOCAL_TIME_FORMAT_MESSAGE],
    ['no offset', '2026-12-07T11:42:10', LOCAL_TIME_FORMAT_MESSAGE],
    ['an impossible date', '2026-02-30T11:42:10-05:00', LOCAL_TIME_FORMAT_MESSAGE],
    ['an impossible offset', '2026-12-07T11:42:10+23:00', LOCAL_TIME_FORMAT_MESSAGE],
    ['a date alone', '2026-12-07', LOCAL_TIME_FORMAT_MESSAGE],
    ['a time far in the past', '2020-01-01T09:00:00-05:00', LOCAL_TIME_CLOCK_MESSAGE],
    ['six minutes ahead', '2026-12-07T11:48:11-05:00', LOCAL_TIME_CLOCK_MESSAGE],
  ])('refuses %s', (_case, localTime, message) => {
    expect(readSignerClock(localTime, now)).toEqual({ ok: false, message });
  });

  it('prints a date of service as the calendar date received, whatever the zone', () => {
    expect(formatDateOfService(new Date('2026-11-01T00:00:00Z'))).toBe('11/01/2026');
    expect(formatDateOfService(new Date('2026-12-31T00:00:00Z'))).toBe('12/31/2026');
  });
});
