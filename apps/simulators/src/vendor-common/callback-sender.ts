import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { signVendorPayload, VENDOR_DELIVERY_ID_HEADER, VENDOR_SIGNATURE_HEADER } from '@portal/domain';

// A vendor's calls to the portal (VENDOR_PROTOCOLS.md, "Calls from a vendor to the portal"): signed JSON
// POSTs, each delivery with its own id, which a redelivery repeats. 5xx answers and network failures are
// retried with a doubling wait; a 4xx is the vendor's mistake and is not. One study's callbacks go out one
// after another, in the order they were made, so a slow portal never sees a study's events overtake
// each other (unless the outOfOrder fault asks for exactly that).

export const CALLBACK_ATTEMPTS_DEFAULT = 5;
export const CALLBACK_RETRY_DELAY_MS_DEFAULT = 1000;
export const CALLBACK_TIMEOUT_MS_DEFAULT = 10_000;
/** How many deliveries `stats().deliveries` keeps, newest last. */
const RECENT_DELIVERIES = 100;

export type CallbackDelivery = {
  deliveryId: string;
  path: string;
  /** What the study was; callbacks about one study are delivered in order. */
  studyId: string;
  /** The last answer's status; null when the portal could not be reached (or no portal is configured). */
  status: number | null;
  attempts: number;
  outcome: 'delivered' | 'refused' | 'gave-up' | 'skipped';
  /** True for the second copy sent by the duplicateDeliveries fault. */
  duplicate: boolean;
  at: string;
};

export type CallbackStats = {
  /** HTTP requests made to the portal, retries included. */
  attempts: number;
  /** Deliveries the portal took (2xx). */
  delivered: number;
  /** Deliveries the portal refused (4xx) or that ran out of attempts. */
  failed: number;
  /** Deliveries not sent because no portal URL is configured. */
  skipped: number;
  /** Every answer by its status code, `network-error` for none. */
  answers: Record<string, number>;
  deliveries: CallbackDelivery[];
};

export type CallbackSenderOptions = {
  /** The portal's base URL; without it callbacks are counted as skipped and not sent. */
  portalUrl: string | undefined;
  secret: string;
  attempts?: number;
  /** The wait before the first retry, doubling after each. */
  retryDelayMs?: number;
  timeoutMs?: number;
  /** Asked once per callback: true sends it twice (the duplicateDeliveries fault). */
  takeDuplicate: () => boolean;
  log: { warn: (details: object, message: string) => void };
};

export function createCallbackSender(options: CallbackSenderOptions) {
  const attemptsAllowed = options.attempts ?? CALLBACK_ATTEMPTS_DEFAULT;
  const retryDelayMs = options.retryDelayMs ?? CALLBACK_RETRY_DELAY_MS_DEFAULT;
  const timeoutMs = options.timeoutMs ?? CALLBACK_TIMEOUT_MS_DEFAULT;
  const portalUrl = options.portalUrl?.replace(/\/+$/, '');
  const closing = new AbortController();
  const queues = new Map<string, Promise<void>>();
  const pending = new Set<Promise<void>>();
  const counts = { attempts: 0, delivered: 0, failed: 0, skipped: 0 };
  const answers: Record<string, number> = {};
  const deliveries: CallbackDelivery[] = [];

  function record(delivery: CallbackDelivery): void {
    deliveries.push(delivery);
    if (deliveries.length > RECENT_DELIVERIES) deliveries.shift();
    if (delivery.outcome === 'delivered') counts.delivered++;
    else if (delivery.outcome === 'skipped') counts.skipped++;
    else counts.failed++;
  }

  async function deliver(
    path: string,
    studyId: string,
    deliveryId: string,
    rawBody: string,
    duplicate: boolean,
  ): Promise<void> {
    const base = { deliveryId, path, studyId, duplicate };
    if (!portalUrl) {
      record({ ...base, status: null, attempts: 0, outcome: 'skipped', at: new Date().toISOString() });
      return;
    }
    let status: number | null = null;
    for (let attempt = 1; attempt <= attemptsAllowed; attempt++) {
      if (closing.signal.aborted) return;
      counts.attempts++;
      try {
        const answer = await fetch(`${portalUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // Signed afresh per attempt: the portal refuses a timestamp more than 5 minutes old.
            [VENDOR_SIGNATURE_HEADER]: await signVendorPayload(options.secret, { deliveryId, rawBody }),
            [VENDOR_DELIVERY_ID_HEADER]: deliveryId,
          },
          body: rawBody,
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
        });
        status = answer.status;
        await answer.arrayBuffer().catch(() => undefined);
      } catch {
        status = null;
      }
      if (closing.signal.aborted) return;
      const label = status === null ? 'network-error' : String(status);
      answers[label] = (answers[label] ?? 0) + 1;
      if (status !== null && status < 500) {
        const outcome = status < 300 ? 'delivered' : 'refused';
        if (outcome === 'refused')
          options.log.warn({ path, deliveryId, status }, 'The portal refused a callback');
        record({ ...base, status, attempts: attempt, outcome, at: new Date().toISOString() });
        return;
      }
      if (attempt < attemptsAllowed) {
        try {
          await sleep(retryDelayMs * 2 ** (attempt - 1), undefined, { signal: closing.signal });
        } catch {
          return;
        }
      }
    }
    options.log.warn({ path, deliveryId, status }, 'A callback ran out of attempts');
    record({ ...base, status, attempts: attemptsAllowed, outcome: 'gave-up', at: new Date().toISOString() });
  }

  return {
    /**
     * Queues a signed POST of `body` to the portal's `path`, after the study's earlier callbacks. The body
     * may still be in the making (a report PDF); the queue waits for it.
     */
    send(path: string, studyId: string, body: unknown): void {
      const deliveryId = randomUUID();
      const twice = options.takeDuplicate();
      const previous = queues.get(studyId) ?? Promise.resolve();
      const next = previous.then(async () => {
        let rawBody: string;
        try {
          rawBody = JSON.stringify(await body);
        } catch (error) {
          options.log.warn({ path, deliveryId, err: error }, 'A callback body could not be made');
          return;
        }
        await deliver(path, studyId, deliveryId, rawBody, false);
        if (twice) await deliver(path, studyId, deliveryId, rawBody, true);
      });
      queues.set(studyId, next);
      pending.add(next);
      void next.finally(() => {
        pending.delete(next);
        if (queues.get(studyId) === next) queues.delete(studyId);
      });
    },

    /** Resolves once every callback queued so far has been delivered, refused or given up. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    stats(): CallbackStats {
      return {
        ...counts,
        answers: { ...answers },
        deliveries: deliveries.map((delivery) => ({ ...delivery })),
      };
    },

    /** Stops sending: queued and retrying callbacks are dropped. */
    close(): void {
      closing.abort();
    },
  };
}

export type CallbackSender = ReturnType<typeof createCallbackSender>;
