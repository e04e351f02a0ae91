import { describe, expect, it } from 'vitest';
import {
  clinicTimeZoneOf,
  DEFAULT_CLINIC_TIME_ZONE,
  formatClinicLocalTime,
  isIanaTimeZone,
  localDateTimeToInstant,
} from './clinic-time-zone';
import { checkSettingValue } from './parse-setting-value';

describe('the clinic time zone', () => {
  it.each([
    ['America/New_York', true],
    ['America/Chicago', true],
    ['Europe/Berlin', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['EST5EDT; DROP TABLE', false],
    ['', false],
  ])('%s is an IANA time zone: %s', (name, expected) => {
    expect(isIanaTimeZone(name)).toBe(expected);
  });

  it('is New York by default, and the default replaces a value that is not a time zone', () => {
    expect(DEFAULT_CLINIC_TIME_ZONE).toBe('America/New_York');
    expect(clinicTimeZoneOf({ settings: {} })).toBe('America/New_York');
    expect(clinicTimeZoneOf({ settings: { clinicTimeZone: { enabled: true, value: 'Nowhere/Land' } } })).toBe(
      'America/New_York',
    );
    expect(
      clinicTimeZoneOf({ settings: { clinicTimeZone: { enabled: true, value: 'America/Denver' } } }),
    ).toBe('America/Denver');
  });

  it('is refused as a setting value unless it is an IANA name (422 names the field)', () => {
    const setting = { name: 'clinicTimeZone', valueType: 'string' as const };
    expect(checkSettingValue(setting, 'America/Los_Angeles')).toEqual({
      ok: true,
      value: 'America/Los_Angeles',
    });
    expect(checkSettingValue(setting, 'GMT-5 please')).toEqual({
      ok: false,
      message: 'must be an IANA time zone name, such as America/New_York',
    });
  });

  it.each([
    [
      'winter in New York is UTC-5',
      { year: 2026, month: 1, day: 15, hour: 9, minute: 30 },
      'America/New_York',
      '2026-01-15T14:30:00.000Z',
    ],
    [
      'summer in New York is UTC-4',
      { year: 2026, month: 7, day: 15, hour: 9, minute: 30 },
      'America/New_York',
      '2026-07-15T13:30:00.000Z',
    ],
    [
      'Chicago in winter is UTC-6',
      { year: 2026, month: 1, day: 15, hour: 23, minute: 0 },
      'America/Chicago',
      '2026-01-16T05:00:00.000Z',
    ],
    [
      'the spring-forward gap moves on an hour',
      { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
      'America/New_York',
      '2026-03-08T07:30:00.000Z',
    ],
    [
      'the repeated fall-back hour is its first occurrence',
      { year: 2026, month: 11, day: 1, hour: 1, minute: 30 },
      'America/New_York',
      '2026-11-01T05:30:00.000Z',
    ],
    ['UTC stays UTC', { year: 2026, month: 1, day: 15, hour: 9 }, 'UTC', '2026-01-15T09:00:00.000Z'],
  ])('a local time becomes an instant: %s', (_story, local, zone, expected) => {
    expect(localDateTimeToInstant(local, zone).toISOString()).toBe(expected);
  });

  it('formats an instant as the clinic reads it, with its offset and never as UTC', () => {
    expect(formatClinicLocalTime(new Date('2026-01-15T14:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-01-15',
      time: '09:30',
      offset: '-05:00',
      text: '2026-01-15 09:30 (America/New_York, UTC-05:00)',
    });
    expect(formatClinicLocalTime(new Date('2026-07-15T13:30:00Z'), 'America/New_York').offset).toBe('-04:00');
  });
});
