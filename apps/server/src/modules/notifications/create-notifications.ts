import type { NotificationType } from '@portal/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';
import { REALTIME_EVENTS, userChannel } from '../realtime/realtime-channels';
import { enqueueRealtimeEvents } from '../realtime/realtime-outbox';

export type NewNotification = {
  userIds: readonly string[];
  type: NotificationType;
  title: string;
  text: string;
  subTitle?: string | null;
  url?: string | null;
  fromUserId?: string | null;
  srcApplication?: string | null;
  documentId?: string | null;
  category?: 'CRM' | 'SYSTEM';
};

/** The inbox link a document notification opens (SPEC §2: every other filter 'any'). */
export function documentLink(documentId: string): string {
  return `/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=any&assignedTo=any&idIn=${encodeURIComponent(documentId)}`;
}

/**
 * Creates one notification per recipient in the caller's transaction and queues a realtime event on
 * each recipient's channel; the event carries the notification's id and type, never its text.
 */
export async function createNotifications(tx: Tx, notification: NewNotification): Promise<string[]> {
  const userIds = [...new Set(notification.userIds)];
  if (userIds.length === 0) return [];
  // One set-based statement whatever the number of recipients (a broadcast may name thousands).
  const { rows } = await sql<{ id: string; channelId: string }>`
    INSERT INTO notifications
      (user_id, type, category, title, text, sub_title, url, from_user_id, src_application, document_id)
    SELECT recipient, ${notification.type}, ${notification.category ?? 'SYSTEM'}, ${notification.title},
      ${notification.text}, ${notification.subTitle ?? null}, ${notification.url ?? null},
      ${notification.fromUserId ?? null}, ${notification.srcApplication ?? 'portal'},
      ${notification.documentId ?? null}::uuid
    FROM unnest(${userIds}::text[]) AS recipients (recipient)
    RETURNING id, (SELECT channel_id FROM users WHERE users.id = notifications.user_id) AS "channelId"`.execute(
    tx,
  );
  await enqueueRealtimeEvents(
    tx,
    rows.map((row) => ({
      channel: userChannel(row.channelId),
      event: REALTIME_EVENTS.newNotification,
      data: { id: row.id, type: notification.type },
    })),
  );
  return rows.map((row) => row.id);
}
