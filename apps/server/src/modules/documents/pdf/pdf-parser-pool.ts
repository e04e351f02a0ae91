import { HttpError } from '../../../http/errors';
import { FairQueueFullError } from './fair-queue';
import type { PdfStructureRequest, PdfStructureVerdict } from './inspect-pdf.worker';
import { WorkerPool, type WorkerPoolLimits, WorkerPoolUnavailableError } from './worker-pool';

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

/** Checks one caller may have running or waiting, checks waiting across callers, and a check's time. */
export type PdfCheckLimits = WorkerPoolLimits;

export type PdfCheckRequest = {
  /** Whose check this is (the signed-in user's id): callers take turns and each has a share. */
  caller: string;
  maxPages: number;
  maxInflatedBytes: number;
  /** Overrides the pool's time limit for this check. */
  timeoutMs?: number;
};

const HEAP_LIMIT_MB = 256;

/**
 * Checks PDFs in worker threads (inspect-pdf.worker.ts) with a heap limit and a time limit, callers taking
 * turns (WorkerPool). Beyond a caller's share, or with the queue full, a check is refused at once with
 * PdfChecksBusyError. A worker that runs out of time or heap is stopped and replaced, and the file is
 * reported as 'gave-up'.
 */
export class PdfParserPool {
  readonly #pool: WorkerPool<PdfStructureRequest, PdfStructureVerdict>;

  constructor(limits: PdfCheckLimits, size?: number) {
    this.#pool = new WorkerPool({
      workerUrl: new URL('./inspect-pdf.worker.ts', import.meta.url),
      limits,
      heapLimitMb: HEAP_LIMIT_MB,
      ...(size === undefined ? {} : { size }),
      transferOf: (request) => [request.bytes.buffer as ArrayBuffer],
    });
  }

  async check(bytes: Uint8Array, request: PdfCheckRequest): Promise<ParseOutcome> {
    // The worker gets its own copy, so the caller's array is neither transferred nor touched.
    // (Not bytes.slice(): on a Buffer that is a view of the same memory.)
    const input: PdfStructureRequest = {
      bytes: new Uint8Array(bytes),
      maxPages: request.maxPages,
      maxInflatedBytes: request.maxInflatedBytes,
    };
    try {
      const outcome = await this.#pool.run(
        request.caller,
        input,
        request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs },
      );
      return outcome.kind === 'done' ? outcome.output : outcome;
    } catch (error) {
      if (error instanceof WorkerPoolUnavailableError) {
        throw new PdfParserUnavailableError(error.message, { cause: error });
      }
      if (!(error instanceof FairQueueFullError)) throw error;
      // By then at least one check ahead has finished or been cut off.
      throw new PdfChecksBusyError(error.scope, Math.max(1, Math.ceil(this.#pool.limits.timeoutMs / 1000)));
    }
  }

  /** Stops every worker; checks still running are reported as 'gave-up'. */
  close(): Promise<void> {
    return this.#pool.close();
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
