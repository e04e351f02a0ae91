import type { InAppPreferences } from '@portal/domain';

/** A notification as GET /api/notifications/in-app lists it (SPEC §3 Notification). */
export type NotificationItem = {
  id: string;
  isRead: boolean;
  createdAt: string;
  type: string;
  category: string;
  url: string | null;
  text: string;
  title: string;
  subTitle: string | null;
  fromUserId: string | null;
  userIds: string[];
  srcApplication: string | null;
  /** The document it is about: the list looks it up (SPEC §7) and says when it is gone. */
  documentId: string | null;
};

/** One page of the list: totalCount counts the filter (unread only or all), unreadCount all unread. */
export type NotificationPage = { totalCount: number; unreadCount: number; data: NotificationItem[] };

export type NotificationPreferences = InAppPreferences;

/** One e-mail the portal made (GET /api/notifications/email-outbox). */
export type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
};

export type OutboxPage = { totalCount: number; data: OutboxEmail[] };
