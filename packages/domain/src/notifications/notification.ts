import { z } from 'zod';
import { notificationTypeSchema } from './notification-types';

/** A notification as POST in-app creates it (SPEC §7). */
export const notificationInputSchema = z.object({
  fromUserId: z.string().nullish(),
  userIds: z.array(z.string().min(1)).min(1),
  srcApplication: z.string().nullish(),
  url: z.string().nullish(),
  title: z.string(),
  type: notificationTypeSchema,
  text: z.string(),
});
export type NotificationInput = z.infer<typeof notificationInputSchema>;

/** A notification as a user's list shows it (SPEC §3). */
export const notificationSchema = z.object({
  id: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  type: notificationTypeSchema,
  url: z.string().nullish(),
  text: z.string(),
  title: z.string(),
  subTitle: z.string().nullish(),
  fromUserId: z.string().nullish(),
  srcApplication: z.string().nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The unread-only toggle starts on (SPEC §4). */
export const DEFAULT_UNREAD_ONLY = true;
