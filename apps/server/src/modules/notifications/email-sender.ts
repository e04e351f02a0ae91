import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/transaction';
import { claimOutboxEmails, markEmailFailed, markEmailSent } from './email-outbox.repository';

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
const POLL_MS = 5000;
// A sender that dies mid-batch leaves its claim; another may take the e-mails after this long.
const CLAIM_SECONDS = 120;

export type EmailSender = { wake: () => void; stop: () => Promise<void> };

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
  let running: Promise<void> | undefined;
  let stopped = false;

  const claim = () =>
    claimOutboxEmails(options.db, {
      batchSize: BATCH_SIZE,
      maxAttempts: MAX_ATTEMPTS,
      claimSeconds: CLAIM_SECONDS,
    });

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
