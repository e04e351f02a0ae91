import { z } from 'zod';

/** Notification types (SPEC §3). */
export const NOTIFICATION_TYPES = [
  'comment',
  'problem-reported',
  'realtime-report',
  'info',
  'daily-reminder',
  'weekly-reminder',
  'realtime-notification',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Notification categories (SPEC §3). */
export const NOTIFICATION_CATEGORIES = ['CRM', 'SYSTEM'] as const;
export const notificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;
