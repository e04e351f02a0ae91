import { formatUserDisplayName } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../../db/transaction';
import { createNotifications } from './create-notifications';
import { enqueueEmails } from './email-outbox';

export type ReminderKind = 'daily' | 'weekly';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 1000;

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
 * Reminds every user whose digest preference is on of the unsigned documents assigned to them, in-app
 * and by e-mail. The run is recorded first, so across instances each period is reminded once.
 * Returns how many users were reminded (0 when another run had the period).
 */
export async function runReminders(
  db: Db,
  options: { kind: ReminderKind; period: string; publicUrl: string },
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insertInto('reminderRuns')
      .values({ kind: options.kind, period: options.period })
      .onConflict((conflict) => conflict.columns(['kind', 'period']).doNothing())
      .returning('kind')
      .executeTakeFirst();
    if (!claimed) return 0;
    const preference = options.kind === 'daily' ? 'enableDailyDigest' : 'enableWeeklyDigest';
    // Defaults until a user chooses: weekly on, daily off.
    const defaultOn = options.kind === 'weekly';
    const users = await tx
      .selectFrom('users')
      .innerJoin('documents', 'documents.assignedTo', 'users.id')
      .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.firstName',
        'users.lastName',
        'users.title',
        'users.suffixes',
        'users.roles',
      ])
      .select((eb) => eb.fn.countAll<number>().as('unsigned'))
      .where('users.isLocked', '=', false)
      .where('documents.status', '=', 'unsigned')
      .where('documents.deletedAt', 'is', null)
      .where(sql<boolean>`coalesce(${sql.ref(`notificationPreferences.${preference}`)}, ${defaultOn})`)
      .groupBy(['users.id'])
      .execute();
    const period = options.kind === 'daily' ? 'today' : 'this week';
    for (const user of users) {
      const count = Number(user.unsigned);
      const documents = count === 1 ? '1 unsigned document' : `${count} unsigned documents`;
      await createNotifications(tx, {
        userIds: [user.id],
        type: options.kind === 'daily' ? 'daily-reminder' : 'weekly-reminder',
        title: `You have ${documents}`,
        text: `${documents === '1 unsigned document' ? 'It is' : 'They are'} waiting for your review ${period}.`,
        url: '/signature/dashboard/',
      });
    }
    // E-mails name counts only: no patient ever leaves in a reminder.
    await enqueueEmails(
      tx,
      users.map((user) => {
        const count = Number(user.unsigned);
        return {
          to: user.email,
          kind: `${options.kind}-reminder`,
          subject: `You have ${count} unsigned document${count === 1 ? '' : 's'}`,
          body: [
            `Hello ${formatUserDisplayName(user)},`,
            '',
            `${count} document${count === 1 ? ' is' : 's are'} assigned to you and waiting for review ${period}.`,
            `Open your inbox: ${options.publicUrl}/signature/dashboard/`,
            '',
            'You can turn these reminders off under Notifications → Preferences.',
          ].join('\n'),
        };
      }),
    );
    await tx
      .updateTable('reminderRuns')
      .set({ notified: users.length })
      .where('kind', '=', options.kind)
      .where('period', '=', options.period)
      .execute();
    return users.length;
  });
}

/** Checks every minute whether a daily or weekly reminder is due, and runs it. */
export function startReminderScheduler(options: {
  db: Db;
  publicUrl: string;
  hourUtc: number;
  log: FastifyBaseLogger;
  afterRun: () => void;
  now?: () => Date;
}) {
  let running = false;
  // Periods this instance has already seen claimed (by itself or another): no query for them each minute.
  const settled = new Set<string>();
  async function check() {
    if (running) return;
    running = true;
    try {
      for (const kind of ['daily', 'weekly'] as const) {
        const period = reminderPeriod(kind, options.now?.() ?? new Date(), options.hourUtc);
        if (!period || settled.has(`${kind}:${period}`)) continue;
        const reminded = await runReminders(options.db, { kind, period, publicUrl: options.publicUrl });
        settled.add(`${kind}:${period}`);
        if (reminded > 0) {
          options.log.info({ kind, period, reminded }, 'reminders sent');
          options.afterRun();
        }
      }
    } catch (error) {
      options.log.warn(
        { err: { type: (error as Error).name, message: (error as Error).message } },
        'reminder check failed',
      );
    } finally {
      running = false;
    }
  }
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  const first = setTimeout(check, 5000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
