import { assertCan, type EmailOutboxPage, GLOBAL_CLINIC_NPI } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { findEmailOutboxPage } from './email-outbox.repository';

/** The e-mails the portal made, newest first, for provider-company administrators. */
export async function listEmailOutbox(
  db: Db,
  actor: Actor,
  query: { limit?: number | undefined; offset?: number | undefined },
): Promise<EmailOutboxPage> {
  assertCan(actor.user, 'notification:send', GLOBAL_CLINIC_NPI);
  const { rows, total } = await findEmailOutboxPage(db, {
    limit: query.limit ?? 25,
    offset: query.offset ?? 0,
  });
  return {
    totalCount: total,
    data: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      body: row.body,
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
    })),
  };
}
