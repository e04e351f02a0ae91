import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/transaction';
import { reminderPeriod, runReminders } from './reminders';

const CHECK_EVERY_MS = 60 * 1000;

/** Checks every minute whether a daily or weekly reminder is due, and runs it. Returns the stop. */
export function startReminderScheduler(options: {
  db: Db;
  publicUrl: string;
  hourUtc: number;
  log: FastifyBaseLogger;
  afterRun: () => void;
  now?: () => Date;
}): () => void {
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

type RemindersOptions = {
  db: Db;
  config: Pick<Config, 'reminders' | 'reminderHourUtc' | 'publicUrl'>;
};

/**
 * Starts the daily and weekly reminders unless REMINDERS=false; the e-mails a run queues are sent at
 * once rather than at the sender's next poll.
 */
const reminders: FastifyPluginAsync<RemindersOptions> = async (app, { db, config }) => {
  if (!config.reminders) return;
  const stop = startReminderScheduler({
    db,
    publicUrl: config.publicUrl,
    hourUtc: config.reminderHourUtc,
    log: app.log,
    afterRun: () => app.emailOutbox.wake(),
  });
  app.addHook('onClose', async () => {
    stop();
  });
};

export const remindersPlugin = fp(reminders, { name: 'reminders', dependencies: ['email-sender'] });
