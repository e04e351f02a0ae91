import { Worker } from 'node:worker_threads';
import { HttpError } from '../../../http/errors';
import { FairQueue, FairQueueFullError } from './fair-queue';
import type { PdfStructureReply, PdfStructureRequest, PdfStructureVerdict } from './inspect-pdf.worker';

export type ParseOutcome = PdfStructureVerdict | { kind: 'gave-up' };

/** The parsing worker could not start at all: a fault of the server, not of the file. */
export class PdfParserUnavailableError extends Error {
  override name = 'PdfParserUnavailableError';
}

/** The caller's share of PDF checks, or the whole queue, is full: 503, try again after `retryAfterSeconds`. */
export class PdfChecksBusyError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(scope: 'caller' | 'queue', retryAfterSeconds: number) {
    super(
      503,
      scope === 'caller'
        ? `You have too many PDFs being checked at once; try again in ${retryAfterSeconds} s.`
        : `The server is checking too many PDFs; try again in ${retryAfterSeconds} s.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type PdfCheckLimits = {
  /** Checks one caller may have running or waiting. */
  perCaller: number;
  /** Checks waiting for a worker, across callers. */
  queueLimit: number;
  /** Time one check may take in its worker; the worker is then stopped and the file refused. */
  timeoutMs: number;
};

export type PdfCheckRequest = {
  /** Whose check this is (the signed-in user's id): callers take turns and each has a share. */
  caller: string;
  maxPages: number;
  maxInflatedBytes: number;
  /** Overrides the pool's time limit for this check. */
  timeoutMs?: number;
};

/** Workers at once: a burst of uploads cannot take every core or exhaust memory. */
const DEFAULT_POOL_SIZE = 2;
const HEAP_LIMIT_MB = 256;
/** An idle worker is stopped after this long; starting one costs 0.1–0.4 s. */
const IDLE_MS = 30_000;

type Slot = { worker: Worker; ready: Promise<void>; alive: boolean; idleTimer?: NodeJS.Timeout };

let nextRequestId = 1;

/**
 * Checks PDFs in worker threads with a heap limit and a time limit. Callers take turns (round-robin), each
 * may have `perCaller` checks admitted and, while another caller waits, at most all but one worker: so a
 * caller flooding the pool delays someone else by at most one check already running. Beyond its share, or
 * with the queue full, a check is refused at once with PdfChecksBusyError. A worker that runs out of time
 * or heap is stopped and replaced, and the file is reported as 'gave-up'.
 */
export class PdfParserPool {
  readonly #limits: PdfCheckLimits;
  readonly #queue: FairQueue;
  readonly #slots = new Set<Slot>();
  readonly #idle: Slot[] = [];
  #closed = false;

  constructor(limits: PdfCheckLimits, size = DEFAULT_POOL_SIZE) {
    this.#limits = limits;
    this.#queue = new FairQueue({
      concurrency: size,
      perCaller: limits.perCaller,
      queueLimit: limits.queueLimit,
      runningPerCaller: size - 1,
    });
  }

  async check(bytes: Uint8Array, request: PdfCheckRequest): Promise<ParseOutcome> {
    if (this.#closed) throw new PdfParserUnavailableError('The PDF parsing pool is closed');
    try {
      return await this.#queue.run(request.caller, () => this.#checkInWorker(bytes, request));
    } catch (error) {
      if (!(error instanceof FairQueueFullError)) throw error;
      // By then at least one check ahead has finished or been cut off.
      throw new PdfChecksBusyError(error.scope, Math.max(1, Math.ceil(this.#limits.timeoutMs / 1000)));
    }
  }

  /** Stops every worker; checks still running are reported as 'gave-up'. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#slots].map((slot) => this.#stop(slot)));
  }

  async #checkInWorker(bytes: Uint8Array, request: PdfCheckRequest): Promise<ParseOutcome> {
    const slot = this.#acquire();
    try {
      await slot.ready;
    } catch (error) {
      this.#release(slot);
      throw new PdfParserUnavailableError('The PDF parsing worker did not start', { cause: error });
    }
    const outcome = await this.#ask(slot, bytes, request);
    this.#release(slot);
    return outcome;
  }

  #ask(slot: Slot, bytes: Uint8Array, request: PdfCheckRequest): Promise<ParseOutcome> {
    const { worker } = slot;
    const id = nextRequestId++;
    return new Promise((resolve) => {
      const finish = (outcome: ParseOutcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (outcome.kind === 'gave-up') void this.#stop(slot);
        resolve(outcome);
      };
      const onMessage = (reply: PdfStructureReply) => {
        if (reply.kind === 'verdict' && reply.id === id) finish(reply.verdict);
      };
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or out of stack ends the worker.
      const onExit = () => finish({ kind: 'gave-up' });
      // The clock starts once the worker has the file: waiting for a turn is not the file's fault.
      const timer = setTimeout(
        () => finish({ kind: 'gave-up' }),
        request.timeoutMs ?? this.#limits.timeoutMs,
      );
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      // The worker gets its own copy, so the caller's array is neither transferred nor touched.
      // (Not bytes.slice(): on a Buffer that is a view of the same memory.)
      const copy = new Uint8Array(bytes);
      const message: PdfStructureRequest = {
        id,
        bytes: copy,
        maxPages: request.maxPages,
        maxInflatedBytes: request.maxInflatedBytes,
      };
      worker.postMessage(message, [copy.buffer]);
    });
  }

  /** The queue lets at most `size` checks run, so there is always an idle worker or room for one more. */
  #acquire(): Slot {
    for (let slot = this.#idle.pop(); slot; slot = this.#idle.pop()) {
      clearTimeout(slot.idleTimer);
      if (slot.alive) {
        slot.worker.ref();
        return slot;
      }
      this.#slots.delete(slot);
    }
    return this.#start();
  }

  #release(slot: Slot): void {
    if (!slot.alive || this.#closed) {
      void this.#stop(slot);
      return;
    }
    // An idle worker must not keep the process alive.
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      const index = this.#idle.indexOf(slot);
      if (index === -1) return;
      this.#idle.splice(index, 1);
      void this.#stop(slot);
    }, IDLE_MS);
    slot.idleTimer.unref();
    this.#idle.push(slot);
  }

  #start(): Slot {
    const worker = new Worker(new URL('./inspect-pdf.worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    // Nothing from the worker belongs in the server's output; drained so it cannot pile up either.
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = {
      worker,
      alive: true,
      ready: new Promise((resolve, reject) => {
        worker.once('message', (reply: PdfStructureReply) => {
          if (reply.kind === 'ready') resolve();
        });
        worker.once('exit', (code) =>
          reject(new Error(`The worker exited with code ${code} before it was ready`)),
        );
      }),
    };
    // Always listened to: an unhandled 'error' event would end the whole process.
    worker.on('error', () => {
      slot.alive = false;
    });
    worker.on('exit', () => {
      slot.alive = false;
      this.#slots.delete(slot);
    });
    // A rejection nobody awaits yet (the slot may sit idle) is not an unhandled one.
    slot.ready.catch(() => {});
    this.#slots.add(slot);
    return slot;
  }

  async #stop(slot: Slot): Promise<void> {
    slot.alive = false;
    clearTimeout(slot.idleTimer);
    this.#slots.delete(slot);
    await slot.worker.terminate();
  }
}

let defaultPool: PdfParserPool | undefined;

/**
 * The pool for checks made outside a running app (tests, benchmarks): no shares or queue limit, the
 * caller's own time limit.
 */
export function getDefaultPdfParserPool(): PdfParserPool {
  defaultPool ??= new PdfParserPool({
    perCaller: Number.POSITIVE_INFINITY,
    queueLimit: Number.POSITIVE_INFINITY,
    timeoutMs: 5000,
  });
  return defaultPool;
}
