import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';

export type ReminderKind = 'daily' | 'weekly';
/** Runs claimed once per period across instances: the reminders, and the admin daily report (issue 17). */
export type ScheduledRunKind = ReminderKind | 'daily-report';

/**
 * Claims a reminder period for this run; false when a run (here or on another instance) already had it,
 * so each period is reminded once.
 */
export async function claimReminderRun(
  tx: Tx,
  run: { kind: ScheduledRunKind; period: string },
): Promise<boolean> {
  const claimed = await tx
    .insertInto('reminderRuns')
    .values({ kind: run.kind, period: run.period })
    .onConflict((conflict) => conflict.columns(['kind', 'period']).doNothing())
    .returning('kind')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * The unlocked users whose digest of this kind is on (the defaults until a user chooses: weekly on,
 * daily off) and who have at least one unsigned document assigned; each is then counted exactly.
 */
export async function findReminderCandidates(tx: Tx, kind: ReminderKind) {
  const preference = kind === 'daily' ? 'enableDailyDigest' : 'enableWeeklyDigest';
  const defaultOn = kind === 'weekly';
  return tx
    .selectFrom('users')
    .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'users.id')
    .select(['users.id', 'users.email', 'users.firstName', 'users.lastName', 'users.title', 'users.suffixes'])
    .select('users.roles')
    .where('users.isLocked', '=', false)
    .where(sql<boolean>`coalesce(${sql.ref(`notificationPreferences.${preference}`)}, ${defaultOn})`)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('documents')
          .select(sql`1`.as('one'))
          .whereRef('documents.assignedTo', '=', 'users.id')
          .where('documents.status', '=', 'unsigned'),
      ),
    )
    .orderBy('users.id')
    .execute();
}

/** Records how many users a claimed run reminded. */
export async function recordReminderRunCount(
  tx: Tx,
  run: { kind: ScheduledRunKind; period: string; notified: number },
): Promise<void> {
  await tx
    .updateTable('reminderRuns')
    .set({ notified: run.notified })
    .where('kind', '=', run.kind)
    .where('period', '=', run.period)
    .execute();
}
