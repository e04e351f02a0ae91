import {
  GLOBAL_CLINIC_NPI,
  type InAppPreferences,
  NOTIFICATION_PAGE_SIZE,
  type NotificationType,
} from '@portal/domain';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

type Executor = Db | Tx;

// Every query on a user's notifications takes that user's id: a user reaches only their own, and a
// notification of someone else is simply not found.

export type NotificationPageQuery = {
  isRead?: boolean | undefined;
  sort: 'createdAt' | '-createdAt';
  limit?: number | undefined;
  offset?: number | undefined;
};

/** One page of a user's notifications, and the counts of all of theirs and of the unread ones. */
export async function findUserNotificationsPage(db: Executor, userId: string, query: NotificationPageQuery) {
  const direction = query.sort === 'createdAt' ? 'asc' : 'desc';
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('notifications')
      .where('userId', '=', userId)
      .$if(query.isRead !== undefined, (q) => q.where('isRead', '=', query.isRead as boolean))
      .selectAll()
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .limit(query.limit ?? NOTIFICATION_PAGE_SIZE)
      .offset(query.offset ?? 0)
      .execute(),
    db
      .selectFrom('notifications')
      .where('userId', '=', userId)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('isRead', '=', false).as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unread: Number(counts.unread) };
}

/** Marks one of the user's notifications read or unread; undefined when they have no such notification. */
export async function updateUserNotificationRead(
  db: Executor,
  userId: string,
  change: { id: string; isRead: boolean },
) {
  return db
    .updateTable('notifications')
    .set({ isRead: change.isRead })
    .where('id', '=', change.id)
    .where('userId', '=', userId)
    .returning(['id', 'isRead'])
    .executeTakeFirst();
}

/** Deletes one of the user's notifications; false when they have no such notification. */
export async function deleteUserNotification(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllUserNotificationsRead(db: Executor, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ isRead: true })
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes every read notification of the user; returns how many went. */
export async function deleteAllReadUserNotifications(db: Executor, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('notifications')
    .where('userId', '=', userId)
    .where('isRead', '=', true)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type NotificationValues = {
  userIds: readonly string[];
  type: NotificationType;
  category: 'CRM' | 'SYSTEM';
  title: string;
  text: string;
  subTitle: string | null;
  url: string | null;
  fromUserId: string | null;
  srcApplication: string;
  documentId: string | null;
};

/**
 * One notification per recipient, in one set-based statement whatever their number (a broadcast may
 * name thousands); returns each new id with its recipient's realtime channel id.
 */
export async function insertNotifications(tx: Tx, values: NotificationValues) {
  const { rows } = await sql<{ id: string; channelId: string }>`
    INSERT INTO notifications
      (user_id, type, category, title, text, sub_title, url, from_user_id, src_application, document_id)
    SELECT recipient, ${values.type}, ${values.category}, ${values.title}, ${values.text},
      ${values.subTitle}, ${values.url}, ${values.fromUserId}, ${values.srcApplication},
      ${values.documentId}::uuid
    FROM unnest(${values.userIds}::text[]) AS recipients (recipient)
    RETURNING id, (SELECT channel_id FROM users WHERE users.id = notifications.user_id) AS "channelId"`.execute(
    tx,
  );
  return rows;
}

/** Which of these user ids belong to a user. */
export async function findExistingUserIds(tx: Executor, userIds: readonly string[]): Promise<Set<string>> {
  const found = await tx
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`id = any(${userIds}::text[])`)
    .execute();
  return new Set(found.map((row) => row.id));
}

/** The roles of a user a notification may go to, to check what they may read. */
export async function findRecipient(tx: Executor, userId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'roles', 'isLocked'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The provider-company staff (every unlocked user with a role at '*'), who look into reported problems. */
export async function findProviderCompanyStaffIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`roles @> ${JSON.stringify([{ clinicNPI: GLOBAL_CLINIC_NPI }])}::jsonb`)
    .where('isLocked', '=', false)
    .execute();
  return rows.map((row) => row.id);
}

/** The unlocked users with a role at the clinic, with their realtime-alerts preference (null: the default). */
export async function findClinicUsersWithAlertPreference(tx: Executor, clinicNpi: string) {
  return tx
    .selectFrom('users')
    .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'users.id')
    .select(['users.id', 'users.roles', 'users.isLocked', 'notificationPreferences.enableRealtimeAlerts'])
    .where(sql<boolean>`users.roles @> ${JSON.stringify([{ clinicNPI: clinicNpi }])}::jsonb`)
    .where('users.isLocked', '=', false)
    .execute();
}

/** The user's stored in-app preferences; undefined until they choose. */
export async function findInAppPreferences(db: Executor, userId: string) {
  return db
    .selectFrom('notificationPreferences')
    .select(['enableWeeklyDigest', 'enableDailyDigest', 'enableRealtimeAlerts', 'enableDailyAdminReport'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Stores the user's whole set of in-app preferences. */
export async function saveInAppPreferences(tx: Tx, userId: string, preferences: InAppPreferences) {
  await tx
    .insertInto('notificationPreferences')
    .values({ userId, ...preferences })
    .onConflict((conflict) =>
      conflict.column('userId').doUpdateSet({ ...preferences, updatedAt: new Date() }),
    )
    .execute();
}

/** The unlocked users holding one of these roles at the clinic, or (provider-company roles) at '*'. */
export async function findUsersWithRolesAt(
  tx: Executor,
  grants: readonly { role: string; clinicNPI: string }[],
): Promise<string[]> {
  if (grants.length === 0) return [];
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or(grants.map((grant) => sql<boolean>`roles @> ${JSON.stringify([grant])}::jsonb`)))
    .where('isLocked', '=', false)
    .execute();
  return rows.map((row) => row.id);
}
