import type { FastifyBaseLogger } from 'fastify';
import { type PollingWorker, startPollingWorker } from '../../db/polling-worker';
import type { Db } from '../../db/transaction';
import {
  claimVendorWork,
  markVendorWorkDone,
  markVendorWorkFailed,
  postponeVendorWork,
  renewVendorWorkClaim,
  type VendorWork,
} from './vendor-outbox.repository';

/** What the worker does with one kind of work. */
export type VendorWorkHandler = {
  /** Does the work; throws when it could not. Called again after a crash, with the same idempotency key. */
  run(work: VendorWork, signal: AbortSignal): Promise<void>;
  /** Records a failure on the work's subject: `final` when no attempt is left, or it is one to not retry. */
  failed(work: VendorWork, reason: string, final: boolean): Promise<void>;
};

export type VendorOutboxOptions = {
  db: Db;
  handlers: Readonly<Record<string, VendorWorkHandler>>;
  /** Errors not worth retrying (a vendor's refusal, a missing setting): the work fails at once. */
  isPermanent: (error: unknown) => boolean;
  /** A sentence for staff; never a value of the work (no PHI in the outbox or the logs). */
  describe: (error: unknown) => string;
  log: FastifyBaseLogger;
  claimSeconds?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** The first wait after a failed attempt; it doubles each time, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
};

export const VENDOR_OUTBOX_DEFAULTS = {
  claimSeconds: 60,
  pollMs: 2000,
  maxAttempts: 8,
  firstDelayMs: 5000,
  maxDelayMs: 10 * 60_000,
  batchSize: 10,
} as const;

/**
 * Does the work owed to vendors, one piece at a time, each under a claim it renews while the call runs.
 * A failure worth retrying waits (doubling) and is tried again, up to `maxAttempts`; a permanent one fails
 * at once. Each handler records the outcome on its subject (a study's push state, an EMR delivery).
 */
export function startVendorOutbox(options: VendorOutboxOptions): PollingWorker {
  const claimSeconds = options.claimSeconds ?? VENDOR_OUTBOX_DEFAULTS.claimSeconds;
  const maxAttempts = options.maxAttempts ?? VENDOR_OUTBOX_DEFAULTS.maxAttempts;
  const firstDelayMs = options.firstDelayMs ?? VENDOR_OUTBOX_DEFAULTS.firstDelayMs;
  const maxDelayMs = options.maxDelayMs ?? VENDOR_OUTBOX_DEFAULTS.maxDelayMs;

  async function runOne(work: VendorWork, stopping: AbortSignal) {
    const handler = options.handlers[work.kind];
    if (!handler) {
      await markVendorWorkFailed(options.db, work.id, `No handler for '${work.kind}'`);
      return;
    }
    // Renewed at a third of its length, so a live call never loses its claim to another instance.
    const renewal = setInterval(
      () => void renewVendorWorkClaim(options.db, work.id, claimSeconds).catch(() => {}),
      (claimSeconds * 1000) / 3,
    );
    renewal.unref();
    try {
      await handler.run(work, stopping);
      await markVendorWorkDone(options.db, work.id);
    } catch (error) {
      if (stopping.aborted) return; // the claim lapses and the work is done after the restart
      const reason = options.describe(error);
      const final = options.isPermanent(error) || work.attempts >= maxAttempts;
      options.log.warn(
        {
          kind: work.kind,
          workId: work.id,
          attempt: work.attempts,
          final,
          err: { type: (error as Error).name },
        },
        'vendor work failed',
      );
      await handler.failed(work, reason, final);
      if (final) await markVendorWorkFailed(options.db, work.id, reason);
      else
        await postponeVendorWork(
          options.db,
          work.id,
          reason,
          Math.min(firstDelayMs * 2 ** (work.attempts - 1), maxDelayMs),
        );
    } finally {
      clearInterval(renewal);
    }
  }

  async function drain(stopping: AbortSignal) {
    try {
      const claim = () =>
        claimVendorWork(options.db, { batchSize: VENDOR_OUTBOX_DEFAULTS.batchSize, claimSeconds });
      for (let batch = await claim(); batch.length > 0 && !stopping.aborted; batch = await claim()) {
        // Side by side: one slow vendor does not hold up another's work.
        await Promise.all(batch.map((work) => runOne(work, stopping)));
      }
    } catch (error) {
      if (!stopping.aborted)
        options.log.warn({ err: { type: (error as Error).name } }, 'vendor outbox failed; retrying');
    }
  }

  return startPollingWorker({
    drain,
    pollMs: options.pollMs ?? VENDOR_OUTBOX_DEFAULTS.pollMs,
    wakeDuringDrain: 'run-again',
  });
}
