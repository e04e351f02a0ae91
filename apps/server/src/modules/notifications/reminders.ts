import { buildMyToDoLink, clinicsWherePermitted, formatUserDisplayName } from '@portal/domain';
import { type Db, inTransaction } from '../../db/transaction';
import { countDocuments } from '../documents/documents.repository';
import { createNotifications } from './create-notifications';
import { enqueueEmails } from './email-outbox.repository';
import {
  claimReminderRun,
  findReminderCandidates,
  type ReminderKind,
  recordReminderRunCount,
} from './reminders.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reminder period `now` falls in, once its hour (UTC) has come: the day for daily reminders, the
 * week's Monday for weekly ones. Null before the hour. A period is reminded once, so a server that was
 * down at the hour still reminds when it comes back within the period.
 */
export function reminderPeriod(kind: ReminderKind, now: Date, hourUtc: number): string | null {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (kind === 'daily') {
    if (now.getUTCHours() < hourUtc) return null;
    return new Date(dayStart).toISOString().slice(0, 10);
  }
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  if (daysSinceMonday === 0 && now.getUTCHours() < hourUtc) return null;
  return `week-of-${new Date(dayStart - daysSinceMonday * DAY_MS).toISOString().slice(0, 10)}`;
}

/**
 * Reminds every user whose digest preference is on of their to-do list, in-app and by e-mail: the unsigned
 * documents assigned to them, not hidden or in the trash, at the clinics where they may read documents.
 * That is exactly GET /api/reports?filter[assignedTo]=me&filter[status]=unsigned (countDocuments with the
 * list's own filters), and the reminder links to that view. The run is recorded first, so across instances
 * each period is reminded once. Returns how many users were reminded (0 when another run had the period).
 */
export async function runReminders(
  db: Db,
  options: { kind: ReminderKind; period: string; publicUrl: string },
): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!(await claimReminderRun(tx, options))) return 0;
    const candidates = await findReminderCandidates(tx, options.kind);
    const users: ((typeof candidates)[number] & { unsigned: number })[] = [];
    for (const user of candidates) {
      const unsigned = await countDocuments(tx, {
        scope: clinicsWherePermitted(user, 'document:read'),
        statuses: ['unsigned'],
        assignedTo: user.id,
        hidden: 'exclude',
        deleted: 'exclude',
      });
      if (unsigned > 0) users.push({ ...user, unsigned });
    }
    const period = options.kind === 'daily' ? 'today' : 'this week';
    const link = buildMyToDoLink();
    for (const user of users) {
      const count = user.unsigned;
      const documents = count === 1 ? '1 unsigned document' : `${count} unsigned documents`;
      await createNotifications(tx, {
        userIds: [user.id],
        type: options.kind === 'daily' ? 'daily-reminder' : 'weekly-reminder',
        title: `You have ${documents}`,
        text: `${count === 1 ? 'It is' : 'They are'} assigned to you and waiting for your review ${period}.`,
        url: link,
      });
    }
    // E-mails name counts only: no patient ever leaves in a reminder.
    await enqueueEmails(
      tx,
      users.map((user) => {
        const count = user.unsigned;
        return {
          to: user.email,
          kind: `${options.kind}-reminder`,
          subject: `You have ${count} unsigned document${count === 1 ? '' : 's'}`,
          body: [
            `Hello ${formatUserDisplayName(user)},`,
            '',
            `${count} document${count === 1 ? ' is' : 's are'} assigned to you and waiting for review ${period}.`,
            `Open your to-do list: ${options.publicUrl}${link}`,
            '',
            'You can turn these reminders off under Notifications → Preferences.',
          ].join('\n'),
        };
      }),
    );
    await recordReminderRunCount(tx, { ...options, notified: users.length });
    return users.length;
  });
}
