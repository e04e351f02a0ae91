import { describe, expect, it } from 'vitest';
import { inAppPreferencesSchema, wantsRealtimeAlert } from './realtime-alert-levels';

describe('the realtime-alerts preference', () => {
  it.each([
    ['off', 'high', false],
    ['off', 'low', false],
    ['high', 'high', true],
    ['high', 'medium', false],
    ['high', 'low', false],
    ['all', 'high', true],
    ['all', 'medium', true],
    ['all', 'low', true],
    ['low', 'low', true],
    ['low', 'high', true],
  ] as const)('%s asks for a %s alert: %s', (preference, level, expected) => {
    expect(wantsRealtimeAlert(preference, level)).toBe(expected);
  });

  it('takes either reading of the SPEC and refuses anything else', () => {
    const base = { enableWeeklyDigest: true, enableDailyDigest: false, enableDailyAdminReport: false };
    for (const level of ['off', 'high', 'all', 'low'])
      expect(inAppPreferencesSchema.safeParse({ ...base, enableRealtimeAlerts: level }).success).toBe(true);
    expect(inAppPreferencesSchema.safeParse({ ...base, enableRealtimeAlerts: 'medium' }).success).toBe(false);
  });
});
