import { z } from 'zod';

/** Realtime alert preference levels (SPEC §9). */
export const REALTIME_ALERT_LEVELS = ['high', 'low', 'off'] as const;
export const realtimeAlertLevelSchema = z.enum(REALTIME_ALERT_LEVELS);
export type RealtimeAlertLevel = z.infer<typeof realtimeAlertLevelSchema>;

/**
 * The realtime-alerts preference. SPEC §3 has two readings (off/high/all and high/low/off); both are
 * accepted: 'high' asks for high alerts only, 'all' and 'low' (low and above) for alerts of every level.
 */
export const REALTIME_ALERT_PREFERENCES = ['off', 'high', 'all', 'low'] as const;
export const realtimeAlertPreferenceSchema = z.enum(REALTIME_ALERT_PREFERENCES);
export type RealtimeAlertPreference = z.infer<typeof realtimeAlertPreferenceSchema>;

/** Whether a user with this preference gets a realtime-report for a new alert of this level. */
export function wantsRealtimeAlert(preference: RealtimeAlertPreference, alertLevel: string): boolean {
  if (preference === 'off') return false;
  if (preference === 'high') return alertLevel === 'high';
  return true;
}

/** In-app notification preferences as PATCH preferences/in-app takes them (SPEC §7). */
export const inAppPreferencesSchema = z.object({
  enableWeeklyDigest: z.boolean(),
  enableDailyDigest: z.boolean(),
  enableRealtimeAlerts: realtimeAlertPreferenceSchema,
  /** The admin daily report each morning by e-mail (issue 17 §4); only provider-company admins receive it. */
  enableDailyAdminReport: z.boolean(),
});
export type InAppPreferences = z.infer<typeof inAppPreferencesSchema>;

/** Until a user chooses: the weekly digest and high alerts on, the daily digest off. */
export const DEFAULT_IN_APP_PREFERENCES: InAppPreferences = {
  enableWeeklyDigest: true,
  enableDailyDigest: false,
  enableRealtimeAlerts: 'high',
  enableDailyAdminReport: false,
};
