import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue';
import type { WorkerReply, WorkerTask } from './worker-protocol';

export type WorkerTaskOutcome<Output> = { kind: 'done'; output: Output } | { kind: 'gave-up' };

/** The worker could not start at all: a fault of the server, not of the input. */
export class WorkerPoolUnavailableError extends Error {
  override name = 'WorkerPoolUnavailableError';
}

export type WorkerPoolLimits = {
  /** Tasks one caller may have running or waiting. */
  perCaller: number;
  /** Tasks waiting for a worker, across callers. */
  queueLimit: number;
  /** Time one task may take in its worker; the worker is then stopped and the task 'gave-up'. */
  timeoutMs: number;
};

export type WorkerPoolOptions<Input> = {
  /** The worker's file: Node runs it directly (types stripped), so it imports '.ts' files and packages only. */
  workerUrl: URL;
  limits: WorkerPoolLimits;
  /** Workers at once: a burst cannot take every core or exhaust memory. */
  size?: number;
  heapLimitMb?: number;
  /** Handed to each worker as it starts (`workerData`): cloned once, not with every task. */
  workerData?: unknown;
  /** The buffers of an input to move to the worker rather than copy (the caller's own copy). */
  transferOf?: (input: Input) => ArrayBuffer[];
};

const DEFAULT_POOL_SIZE = 2;
const DEFAULT_HEAP_LIMIT_MB = 256;
/** An idle worker is stopped after this long; starting one costs 0.1–0.4 s. */
const IDLE_MS = 30_000;

type Slot = { worker: Worker; ready: Promise<void>; alive: boolean; idleTimer?: NodeJS.Timeout };

let nextTaskId = 1;

/**
 * Runs tasks in worker threads with a heap limit and a time limit. Callers take turns (round-robin), each
 * may have `perCaller` tasks admitted and, while another caller waits, at most all but one worker: so a
 * caller flooding the pool delays someone else by at most one task already running. Beyond its share, or
 * with the queue full, a task is refused at once with FairQueueFullError. A worker that runs out of time
 * or heap is stopped and replaced, and its task is reported as 'gave-up'.
 *
 * The worker answers through `serveWorkerTasks` (worker-protocol.ts).
 */
export class WorkerPool<Input, Output> {
  readonly #options: WorkerPoolOptions<Input>;
  readonly #queue: FairQueue;
  readonly #slots = new Set<Slot>();
  readonly #idle: Slot[] = [];
  #closed = false;

  constructor(options: WorkerPoolOptions<Input>) {
    this.#options = options;
    const size = options.size ?? DEFAULT_POOL_SIZE;
    this.#queue = new FairQueue({
      concurrency: size,
      perCaller: options.limits.perCaller,
      queueLimit: options.limits.queueLimit,
      runningPerCaller: size - 1,
    });
  }

  get limits(): WorkerPoolLimits {
    return this.#options.limits;
  }

  /** Runs one task for `caller`; throws FairQueueFullError when the caller's share or the queue is full. */
  async run(
    caller: string,
    input: Input,
    options: { timeoutMs?: number } = {},
  ): Promise<WorkerTaskOutcome<Output>> {
    if (this.#closed) throw new WorkerPoolUnavailableError('The worker pool is closed');
    return this.#queue.run(caller, () =>
      this.#runInWorker(input, options.timeoutMs ?? this.#options.limits.timeoutMs),
    );
  }

  /** Stops every worker; tasks still running are reported as 'gave-up'. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#slots].map((slot) => this.#stop(slot)));
  }

  async #runInWorker(input: Input, timeoutMs: number): Promise<WorkerTaskOutcome<Output>> {
    const slot = this.#acquire();
    try {
      await slot.ready;
    } catch (error) {
      this.#release(slot);
      throw new WorkerPoolUnavailableError('The worker did not start', { cause: error });
    }
    const outcome = await this.#ask(slot, input, timeoutMs);
    this.#release(slot);
    return outcome;
  }

  #ask(slot: Slot, input: Input, timeoutMs: number): Promise<WorkerTaskOutcome<Output>> {
    const { worker } = slot;
    const id = nextTaskId++;
    return new Promise((resolve) => {
      const finish = (outcome: WorkerTaskOutcome<Output>) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (outcome.kind === 'gave-up') void this.#stop(slot);
        resolve(outcome);
      };
      const onMessage = (reply: WorkerReply<Output>) => {
        if (reply.kind === 'result' && reply.id === id) finish({ kind: 'done', output: reply.output });
      };
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or out of stack ends the worker.
      const onExit = () => finish({ kind: 'gave-up' });
      // The clock starts once the worker has the input: waiting for a turn is not the input's fault.
      const timer = setTimeout(() => finish({ kind: 'gave-up' }), timeoutMs);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      const task: WorkerTask<Input> = { id, input };
      worker.postMessage(task, this.#options.transferOf?.(input) ?? []);
    });
  }

  /** The queue lets at most `size` tasks run, so there is always an idle worker or room for one more. */
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
    const heapLimitMb = this.#options.heapLimitMb ?? DEFAULT_HEAP_LIMIT_MB;
    const worker = new Worker(this.#options.workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 32 },
      workerData: this.#options.workerData,
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
        worker.once('message', (reply: WorkerReply<Output>) => {
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
