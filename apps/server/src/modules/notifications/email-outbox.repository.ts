import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

export type OutgoingEmail = { to: string; subject: string; body: string; kind: string };

/** Queues e-mails in the caller's transaction: they are sent only if the cause commits. */
export async function enqueueEmails(tx: Tx, emails: readonly OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await tx
    .insertInto('emailOutbox')
    .values(
      emails.map((email) => ({
        toAddress: email.to,
        subject: email.subject,
        body: email.body,
        kind: email.kind,
      })),
    )
    .execute();
}

/** One page of the outbox, newest first, and how many e-mails it holds. */
export async function findEmailOutboxPage(db: Db, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('emailOutbox')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Claims the oldest unsent e-mails that have attempts left and no live claim, counting an attempt for
 * each; a claim lapses after `claimSeconds`, so a sender that died mid-batch leaves them to another.
 */
export async function claimOutboxEmails(
  db: Db,
  options: { batchSize: number; maxAttempts: number; claimSeconds: number },
) {
  const { rows } = await sql<{ id: string; toAddress: string; subject: string; body: string }>`
    UPDATE email_outbox SET claimed_until = now() + make_interval(secs => ${options.claimSeconds}), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM email_outbox
      WHERE sent_at IS NULL AND attempts < ${options.maxAttempts} AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY created_at LIMIT ${options.batchSize} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, subject, body`.execute(db);
  return rows;
}

export async function markEmailSent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ sentAt: new Date(), lastError: null })
    .where('id', '=', id)
    .execute();
}

/** Records why sending failed and releases the claim, so a later batch tries again. */
export async function markEmailFailed(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ lastError: reason, claimedUntil: null })
    .where('id', '=', id)
    .execute();
}
