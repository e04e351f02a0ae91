import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/transaction';
import { createEmailSender } from './email-sender';

/** Starts the e-mail sender (when SMTP_URL is set) and stops it when the application closes. */
const emailSender: FastifyPluginAsync<{ db: Db; config: Pick<Config, 'smtpUrl' | 'emailFrom'> }> = async (
  app,
  { db, config },
) => {
  const sender = createEmailSender({ db, smtpUrl: config.smtpUrl, from: config.emailFrom, log: app.log });
  app.decorate('emailOutbox', { wake: sender.wake });
  app.addHook('onClose', async () => {
    await sender.stop();
  });
};

// Not encapsulated: the e-mail outbox's wake-up is the application's (tests and reminders use it).
export const emailSenderPlugin = fp(emailSender, { name: 'email-sender' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued e-mail now rather than at the next poll. */
    emailOutbox: { wake: () => void };
  }
}
