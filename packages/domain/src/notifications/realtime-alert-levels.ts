import { z } from 'zod';

/** Realtime alert preference levels (SPEC §9). */
export const REALTIME_ALERT_LEVELS = ['high', 'low', 'off'] as const;
export const realtimeAlertLevelSchema = z.enum(REALTIME_ALERT_LEVELS);
export type RealtimeAlertLevel = z.infer<typeof realtimeAlertLevelSchema>;

/** In-app notification preferences as PATCH preferences/in-app takes them (SPEC §7). */
export const inAppPreferencesSchema = z.object({
  enableWeeklyDigest: z.boolean(),
  enableDailyDigest: z.boolean(),
  enableRealtimeAlerts: realtimeAlertLevelSchema,
});
export type InAppPreferences = z.infer<typeof inAppPreferencesSchema>;
