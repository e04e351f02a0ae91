import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../../db/transaction';

export type OutgoingEmail = { to: string; subject: string; body: string; kind: string };

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
const POLL_MS = 5000;
// A sender that dies mid-batch leaves its claim; another may take the e-mails after this long.
const CLAIM_SECONDS = 120;

/** Queues an e-mail in the caller's transaction: it is sent only if the cause commits. */
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

export async function listEmailOutbox(
  db: Db,
  query: { limit?: number | undefined; offset?: number | undefined },
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('emailOutbox')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit ?? 25)
      .offset(query.offset ?? 0)
      .execute(),
    db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalCount: Number(count.total),
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

/**
 * Sends queued e-mail through SMTP_URL with nodemailer. Rows are claimed in a short transaction and sent
 * outside it, so a slow mail server never holds the database. Without SMTP_URL nothing is sent: the
 * outbox is what an administrator reads.
 */
export function createEmailSender(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}) {
  const { smtpUrl } = options;
  if (!smtpUrl) return { wake: () => {}, stop: async () => {} };
  const transport = nodemailer.createTransport(smtpUrl);
  let running: Promise<void> | undefined;
  let stopped = false;

  async function claim() {
    const { rows } = await sql<{ id: string; toAddress: string; subject: string; body: string }>`
      UPDATE email_outbox SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY created_at LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, subject, body`.execute(options.db);
    return rows;
  }

  async function drain() {
    try {
      for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
        for (const email of batch) {
          try {
            await transport.sendMail({
              from: options.from,
              to: email.toAddress,
              subject: email.subject,
              text: email.body,
            });
            await options.db
              .updateTable('emailOutbox')
              .set({ sentAt: new Date(), lastError: null })
              .where('id', '=', email.id)
              .execute();
          } catch (error) {
            // The SMTP error, not the message: no addresses or contents in logs.
            const reason = (error as Error & { code?: string }).code ?? (error as Error).name;
            options.log.warn({ reason }, 'sending an e-mail failed; it stays in the outbox');
            await options.db
              .updateTable('emailOutbox')
              .set({ lastError: reason, claimedUntil: null })
              .where('id', '=', email.id)
              .execute();
          }
        }
      }
    } catch (error) {
      if (!stopped)
        options.log.warn({ err: { type: (error as Error).name } }, 'e-mail outbox failed; retrying');
    }
  }

  function wake() {
    if (stopped || running) return;
    running = drain().finally(() => {
      running = undefined;
    });
  }
  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
