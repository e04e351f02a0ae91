import { describe, expect, it } from 'vitest';
import {
  addReviewTime,
  DEFAULT_BUSINESS_HOURS,
  documentDeadlinesOf,
  escalationStepAt,
  escalationTimes,
  formatDueStatus,
  HOUR_MS,
  parseBusinessHours,
  reviewClassOf,
  reviewRulesOf,
} from './review-deadlines';

const at = (text: string) => new Date(text);

describe('review deadlines', () => {
  it.each([
    ['high', 'high'],
    ['medium', 'medium'],
    ['low', 'low'],
    [null, 'routine'],
    ['none', 'routine'],
  ])('a document with alert %j is %s', (alert, expected) => {
    expect(reviewClassOf({ alert })).toBe(expected);
  });

  it('counts the clock without business hours', () => {
    expect(addReviewTime(at('2026-11-20T22:00:00Z'), 24 * HOUR_MS).toISOString()).toBe(
      '2026-11-21T22:00:00.000Z',
    );
  });

  it.each([
    // Friday 16:00, 2 working hours: 1 h on Friday, 1 h on Monday from 08:00.
    ['2026-11-20T16:00:00Z', 2, '2026-11-23T09:00:00.000Z'],
    // Saturday night: counting starts Monday 08:00.
    ['2026-11-21T23:00:00Z', 1, '2026-11-23T09:00:00.000Z'],
    // Before opening on a Tuesday.
    ['2026-11-24T06:00:00Z', 9, '2026-11-24T17:00:00.000Z'],
    // A full working day and one hour more runs into the next morning.
    ['2026-11-24T08:00:00Z', 10, '2026-11-25T09:00:00.000Z'],
  ])('counts business hours from %s for %i h', (from, hours, due) => {
    expect(addReviewTime(at(from), hours * HOUR_MS, DEFAULT_BUSINESS_HOURS).toISOString()).toBe(due);
  });

  it('counts business hours in the clinic’s own time (UTC−5)', () => {
    const eastern = { ...DEFAULT_BUSINESS_HOURS, utcOffsetMinutes: -300 };
    // 12:00 UTC on a Tuesday is 07:00 local: counting starts at 08:00 local (13:00 UTC).
    expect(addReviewTime(at('2026-11-24T12:00:00Z'), 2 * HOUR_MS, eastern).toISOString()).toBe(
      '2026-11-24T15:00:00.000Z',
    );
  });

  it('reaches each escalation step at half, one and two windows', () => {
    const times = escalationTimes(at('2026-11-24T00:00:00Z'), 24 * HOUR_MS);
    expect(escalationStepAt(times, at('2026-11-24T11:59:00Z'))).toBeNull();
    expect(escalationStepAt(times, at('2026-11-24T12:00:00Z'))).toBe('half-time');
    expect(escalationStepAt(times, at('2026-11-25T00:00:00Z'))).toBe('due');
    expect(escalationStepAt(times, at('2026-11-26T00:00:00Z'))).toBe('twice-due');
  });

  it.each([
    ['2026-11-24T15:00:00Z', 'due in 3 h', false],
    ['2026-11-26T13:00:00Z', 'due in 2 d', false],
    ['2026-11-24T11:20:00Z', 'overdue by 40 min', true],
    ['2026-11-22T11:00:00Z', 'overdue by 2 d', true],
  ])('a document due %s is shown as %j', (due, text, overdue) => {
    expect(formatDueStatus(at(due), at('2026-11-24T12:00:00Z'))).toEqual({ overdue, text });
  });
});

describe('a clinic’s review rules', () => {
  it.each([
    [
      'Mon-Fri 08:00-17:00 UTC-05:00',
      { days: [1, 2, 3, 4, 5], startHour: 8, endHour: 17, utcOffsetMinutes: -300 },
    ],
    ['Sat-Mon 09:00-13:00 UTC+05:30', { days: [0, 1, 6], startHour: 9, endHour: 13, utcOffsetMinutes: 330 }],
    [
      'mon,wed,fri 07:00-19:00 UTC+00:00',
      { days: [1, 3, 5], startHour: 7, endHour: 19, utcOffsetMinutes: 0 },
    ],
  ])('reads working hours %j', (text, expected) => {
    expect(parseBusinessHours(text)).toEqual(expected);
  });

  it.each(['weekdays', 'Mon-Fri 17:00-08:00 UTC+00:00', 'Mon-Fun 08:00-17:00 UTC+00:00', 'Mon-Fri 8-17'])(
    'cannot read %j',
    (text) => {
      expect(parseBusinessHours(text)).toBeNull();
    },
  );

  it('takes the clinic’s windows, the defaults where unset, and working hours only when on', () => {
    const rules = reviewRulesOf({
      reviewWindowHighHours: { enabled: true, value: 4 },
      reviewWindowLowHours: { enabled: false, value: 1 },
      reviewBusinessHours: { enabled: false, value: 'Mon-Fri 08:00-17:00 UTC+00:00' },
    });
    expect(rules.windowsMs).toEqual({
      high: 4 * HOUR_MS,
      medium: 72 * HOUR_MS,
      low: 168 * HOUR_MS,
      routine: 336 * HOUR_MS,
    });
    expect(rules.businessHours).toBeNull();
    expect(
      reviewRulesOf({ reviewBusinessHours: { enabled: true, value: 'Mon-Fri 08:00-17:00 UTC+00:00' } })
        .businessHours,
    ).toEqual(DEFAULT_BUSINESS_HOURS);
  });
});

describe('a document’s deadlines', () => {
  it('a medium alert received Monday 10:00 is due Thursday 10:00, escalated at half and twice', () => {
    expect(documentDeadlinesOf({}, { alert: 'medium' }, new Date('2026-11-23T10:00:00Z'))).toEqual({
      halfDueAt: new Date('2026-11-24T22:00:00Z'),
      dueAt: new Date('2026-11-26T10:00:00Z'),
      twiceDueAt: new Date('2026-11-29T10:00:00Z'),
    });
  });
});
