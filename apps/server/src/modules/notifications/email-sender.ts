import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type PollingWorker, startPollingWorker } from '../../db/polling-worker';
import type { Db } from '../../db/transaction';
import { claimOutboxEmails, markEmailFailed, markEmailSent } from './email-outbox.repository';

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
const POLL_MS = 5000;
// A sender that dies mid-batch leaves its claim; another may take the e-mails after this long.
const CLAIM_SECONDS = 120;

export type EmailSender = PollingWorker;

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
}): EmailSender {
  const { smtpUrl } = options;
  if (!smtpUrl) return { wake: () => {}, stop: async () => {} };
  const transport = nodemailer.createTransport(smtpUrl);

  const claim = () =>
    claimOutboxEmails(options.db, {
      batchSize: BATCH_SIZE,
      maxAttempts: MAX_ATTEMPTS,
      claimSeconds: CLAIM_SECONDS,
    });

  async function drain(stopping: AbortSignal) {
    try {
      for (let batch = await claim(); batch.length > 0 && !stopping.aborted; batch = await claim()) {
        for (const email of batch) {
          try {
            await transport.sendMail({
              from: options.from,
              to: email.toAddress,
              subject: email.subject,
              text: email.body,
            });
            await markEmailSent(options.db, email.id);
          } catch (error) {
            // The SMTP error, not the message: no addresses or contents in logs.
            const reason = (error as Error & { code?: string }).code ?? (error as Error).name;
            options.log.warn({ reason }, 'sending an e-mail failed; it stays in the outbox');
            await markEmailFailed(options.db, email.id, reason);
          }
        }
      }
    } catch (error) {
      if (!stopping.aborted)
        options.log.warn({ err: { type: (error as Error).name } }, 'e-mail outbox failed; retrying');
    }
  }

  // A drain claims until the outbox is empty, so a wake during one is dropped: the poll catches an
  // e-mail queued after its last claim.
  return startPollingWorker({
    drain,
    pollMs: POLL_MS,
    wakeDuringDrain: 'ignore',
    onStop: () => transport.close(),
  });
}
