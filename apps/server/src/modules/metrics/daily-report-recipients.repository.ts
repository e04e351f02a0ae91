import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';

/**
 * The provider-company admins (irh-admin or sys-admin under '*'), unlocked, who opted in to the daily
 * report e-mail.
 */
export async function findDailyReportRecipients(tx: Tx): Promise<{ id: string; email: string }[]> {
  return tx
    .selectFrom('users')
    .innerJoin('notificationPreferences', 'notificationPreferences.userId', 'users.id')
    .select(['users.id', 'users.email'])
    .where('users.isLocked', '=', false)
    .where('notificationPreferences.enableDailyAdminReport', '=', true)
    .where((eb) =>
      eb.or(
        ['irh-admin', 'sys-admin'].map(
          (role) => sql<boolean>`users.roles @> ${JSON.stringify([{ role, clinicNPI: '*' }])}::jsonb`,
        ),
      ),
    )
    .orderBy('users.id')
    .execute();
}
