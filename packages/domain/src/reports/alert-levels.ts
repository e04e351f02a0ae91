import { z } from 'zod';

/** Alert levels (SPEC §3), most urgent first. */
export const ALERT_LEVELS = ['high', 'medium', 'low'] as const;
export const alertLevelSchema = z.enum(ALERT_LEVELS);
export type AlertLevel = z.infer<typeof alertLevelSchema>;
