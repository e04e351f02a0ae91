import { describe, expect, it } from 'vitest';
import { IDLE_WARNING_COUNTDOWN_SECONDS } from '../common/time-constants';
import { formatCountdown } from './idle';

describe('formatCountdown', () => {
  it.each([
    ['the full warning period', IDLE_WARNING_COUNTDOWN_SECONDS, '05:00'],
    ['one second less', 299, '04:59'],
    ['the last ten seconds', 10, '00:10'],
    ['zero, when the user is logged out', 0, '00:00'],
    ['a fraction of a second still shows as a second', 0.4, '00:01'],
    ['a late tick below zero', -3, '00:00'],
  ])('shows %s as mm:ss', (_story, seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
