import { PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { HttpError } from '../../../http/errors';
import { FairQueueFullError } from '../../documents/pdf/fair-queue';
import { WorkerPool, type WorkerPoolLimits } from '../../documents/pdf/worker-pool';
import type { PdfScrapeTask } from './pdf-scrape.worker';
import type { PdfScrapeOutcome } from './scrape-pdf';

/** The caller's share of scrapes, or the whole queue, is full: 429, try again after `retryAfterSeconds`. */
export class PdfScrapesBusyError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(scope: 'caller' | 'queue', retryAfterSeconds: number) {
    super(
      429,
      scope === 'caller'
        ? `You have too many PDFs being read at once; try again in ${retryAfterSeconds} s.`
        : `The server is reading too many PDFs; try again in ${retryAfterSeconds} s.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** What a scrape came to: the worker's reading, or 'too-slow' when it ran out of time or heap. */
export type PdfScrapeRun = PdfScrapeOutcome | { reason: 'too-slow' };

const HEAP_LIMIT_MB = 192;

/**
 * Reads interrogation PDFs (pdf-scrape.worker.ts) in worker threads with a time and heap limit, callers
 * taking turns (WorkerPool); a worker out of time or heap is stopped and the PDF is 'too-slow'.
 */
export class PdfScrapePool {
  readonly #pool: WorkerPool<PdfScrapeTask, PdfScrapeOutcome>;

  constructor(limits: WorkerPoolLimits, size?: number) {
    this.#pool = new WorkerPool({
      workerUrl: new URL('./pdf-scrape.worker.ts', import.meta.url),
      limits,
      heapLimitMb: HEAP_LIMIT_MB,
      workerData: PDF_SCRAPE_VOCABULARY,
      ...(size === undefined ? {} : { size }),
      transferOf: (task) => [task.bytes.buffer as ArrayBuffer],
    });
  }

  async scrape(
    caller: string,
    bytes: Uint8Array,
    options: { identityOnly?: boolean } = {},
  ): Promise<PdfScrapeRun> {
    try {
      // The worker gets its own copy (not bytes.slice(): on a Buffer that is a view of the same memory).
      const outcome = await this.#pool.run(caller, {
        bytes: new Uint8Array(bytes),
        ...(options.identityOnly ? { identityOnly: true } : {}),
      });
      return outcome.kind === 'done' ? outcome.output : { reason: 'too-slow' };
    } catch (error) {
      if (!(error instanceof FairQueueFullError)) throw error;
      throw new PdfScrapesBusyError(error.scope, Math.max(1, Math.ceil(this.#pool.limits.timeoutMs / 1000)));
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
