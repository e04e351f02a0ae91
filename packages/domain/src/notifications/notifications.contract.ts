import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { notificationTypeSchema } from './notification-types';
import { inAppPreferencesSchema } from './realtime-alert-levels';

// The notifications API (SPEC §7 Notifications), written once: the server routes declare these schemas
// and the web infers its types from them.

/** A notification as GET /api/notifications/in-app lists it (SPEC §3 Notification). */
export const notificationResourceSchema = z.object({
  id: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  // Stored as text: a row the portal did not create may carry a type or category of its own.
  type: z.string(),
  category: z.string(),
  url: z.string().nullable(),
  text: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  fromUserId: z.string().nullable(),
  userIds: z.array(z.string()),
  srcApplication: z.string().nullable(),
  documentId: z.string().nullable().describe('the document a notification is about, for the report lookup'),
});
export type NotificationResource = z.infer<typeof notificationResourceSchema>;

/** One page of the list: totalCount counts the filter (unread only or all), unreadCount every unread one. */
export const notificationPageSchema = z.object({
  totalCount: z.number(),
  unreadCount: z.number(),
  data: z.array(notificationResourceSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

const PAGE_LIMIT_ERROR = 'must be a whole number from 1 to 100';
const PAGE_OFFSET_ERROR = 'must be a whole number of at least 0';
const pageLimitSchema = z.coerce
  .number({ error: PAGE_LIMIT_ERROR })
  .int({ error: PAGE_LIMIT_ERROR })
  .min(1, { error: PAGE_LIMIT_ERROR })
  .max(100, { error: PAGE_LIMIT_ERROR })
  .optional();
const pageOffsetSchema = z.coerce
  .number({ error: PAGE_OFFSET_ERROR })
  .int({ error: PAGE_OFFSET_ERROR })
  .min(0, { error: PAGE_OFFSET_ERROR })
  .optional();

/** GET /api/notifications/in-app's query: newest first by default, unread or read only when asked. */
export const notificationListQuerySchema = z.object({
  sort: z
    .enum(['createdAt', '-createdAt'], { error: "must be 'createdAt' or '-createdAt'" })
    .default('-createdAt'),
  isRead: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  limit: pageLimitSchema,
  offset: pageOffsetSchema,
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a notification id' }) });

/** PATCH /api/notifications/in-app/:id: read or unread. */
export const notificationReadBodySchema = z.strictObject({ isRead: z.boolean() });
export const notificationReadStateSchema = notificationResourceSchema.pick({ id: true, isRead: true });
export type NotificationReadState = z.infer<typeof notificationReadStateSchema>;

export const markedAllReadSchema = z.object({ updated: z.number() });
export type MarkedAllRead = z.infer<typeof markedAllReadSchema>;

export const deletedAllReadSchema = z.object({ deleted: z.number() });
export type DeletedAllRead = z.infer<typeof deletedAllReadSchema>;

/** POST /api/notifications/in-app: what an administrator (or the system) sends. */
export const sendNotificationBodySchema = z.strictObject({
  fromUserId: z.string().max(200).nullish(),
  userIds: z.array(z.string().min(1).max(200)).min(1, { error: 'must name at least one user' }).max(10_000),
  srcApplication: z.string().max(100).nullish(),
  url: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, { error: 'must be a path inside the portal' })
    .nullish(),
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  type: notificationTypeSchema,
  text: z.string().trim().min(1, { error: 'is required' }).max(2000),
});
export type SendNotificationBody = z.input<typeof sendNotificationBodySchema>;

/** The ids of the notifications made, one per recipient. */
export const createdNotificationsSchema = z.object({ ids: z.array(z.string()) });
export type CreatedNotifications = z.infer<typeof createdNotificationsSchema>;

/** GET /api/notifications/preferences and PATCH preferences/in-app answer the whole set. */
export const notificationPreferencesResponseSchema = z.object({ inAppPreferences: inAppPreferencesSchema });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/** PATCH /api/notifications/preferences/in-app takes only the preferences that change. */
export const inAppPreferencesChangeSchema = inAppPreferencesSchema.partial().strict();
export type InAppPreferencesChange = z.infer<typeof inAppPreferencesChangeSchema>;

export const emailOutboxQuerySchema = z.object({ limit: pageLimitSchema, offset: pageOffsetSchema });

/** One e-mail the portal made (GET /api/notifications/email-outbox). */
export const emailOutboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
export type EmailOutboxEntry = z.infer<typeof emailOutboxEntrySchema>;

export const emailOutboxPageSchema = z.object({
  totalCount: z.number(),
  data: z.array(emailOutboxEntrySchema),
});
export type EmailOutboxPage = z.infer<typeof emailOutboxPageSchema>;

export const notificationsResponseContracts = [
  defineResponseContract('GET', '/api/notifications/in-app', notificationPageSchema),
  defineResponseContract('PATCH', '/api/notifications/in-app/:id', notificationReadStateSchema),
  defineResponseContract('POST', '/api/notifications/in-app/mark-all-as-read', markedAllReadSchema),
  defineResponseContract('POST', '/api/notifications/in-app/delete-all-read', deletedAllReadSchema),
  defineResponseContract('POST', '/api/notifications/in-app', createdNotificationsSchema),
  defineResponseContract('POST', '/api/notifications/in-app/test', createdNotificationsSchema),
  defineResponseContract('GET', '/api/notifications/preferences', notificationPreferencesResponseSchema),
  defineResponseContract(
    'PATCH',
    '/api/notifications/preferences/in-app',
    notificationPreferencesResponseSchema,
  ),
  defineResponseContract('GET', '/api/notifications/email-outbox', emailOutboxPageSchema),
] as const;
