export type FairQueueLimits = {
  /** Tasks running at once, across all callers. */
  concurrency: number;
  /** Tasks one caller may have running or waiting; more are refused at once. */
  perCaller: number;
  /** Tasks waiting (not running) across all callers; more are refused at once. */
  queueLimit: number;
  /**
   * Tasks one caller may have running at once. Below `concurrency`, a slot is always left for someone
   * else, so a caller flooding the queue delays another by at most the time of one task already running.
   */
  runningPerCaller: number;
};

/** Why a task was refused: the caller's share is used up, or the whole queue is full. */
export class FairQueueFullError extends Error {
  override name = 'FairQueueFullError';
  readonly scope: 'caller' | 'queue';

  constructor(scope: 'caller' | 'queue') {
    super(scope === 'caller' ? 'The caller has too many tasks' : 'The queue is full');
    this.scope = scope;
  }
}

type CallerState = { admitted: number; running: number; nextTag: number };
type Waiting = { caller: CallerState; tag: number; order: number; start: () => void };

/**
 * Runs tasks a few at a time, taking turns between callers rather than first come first served, so one
 * caller's burst does not hold up everyone who comes after it. The turns are start-time fair queueing:
 * each task gets a tag one past its caller's previous task (or the current round, for a caller that had
 * none waiting), and the lowest tag goes next, so callers are served round-robin, one task each per round.
 * Admission is decided at once: a caller over its share, or a full queue, gets FairQueueFullError.
 */
export class FairQueue {
  readonly #limits: FairQueueLimits;
  readonly #callers = new Map<string, CallerState>();
  readonly #waiting: Waiting[] = [];
  #running = 0;
  /** The round being served: the tag of the latest task started. */
  #round = 0;
  #arrivals = 0;

  constructor(limits: FairQueueLimits) {
    this.#limits = { ...limits, runningPerCaller: Math.max(1, limits.runningPerCaller) };
  }

  /** Tasks waiting for a slot, across callers. */
  get waitingCount(): number {
    return this.#waiting.length;
  }

  get runningCount(): number {
    return this.#running;
  }

  async run<T>(callerId: string, task: () => Promise<T>): Promise<T> {
    const caller = this.#callers.get(callerId) ?? { admitted: 0, running: 0, nextTag: 0 };
    if (caller.admitted >= this.#limits.perCaller) throw new FairQueueFullError('caller');
    const startsNow = caller.admitted === caller.running && this.#mayStart(caller);
    if (!startsNow && this.#waiting.length >= this.#limits.queueLimit) throw new FairQueueFullError('queue');

    this.#callers.set(callerId, caller);
    caller.admitted += 1;
    const tag = Math.max(this.#round, caller.nextTag);
    caller.nextTag = tag + 1;
    if (startsNow) {
      this.#markStarted(caller, tag);
    } else {
      // #startNext marks the task started when it gives it the slot.
      await new Promise<void>((resolve) => {
        this.#waiting.push({ caller, tag, order: this.#arrivals++, start: resolve });
      });
    }
    try {
      return await task();
    } finally {
      caller.running -= 1;
      caller.admitted -= 1;
      this.#running -= 1;
      if (caller.admitted === 0) this.#callers.delete(callerId);
      this.#startNext();
    }
  }

  #mayStart(caller: CallerState): boolean {
    return this.#running < this.#limits.concurrency && caller.running < this.#limits.runningPerCaller;
  }

  #markStarted(caller: CallerState, tag: number): void {
    caller.running += 1;
    this.#running += 1;
    this.#round = Math.max(this.#round, tag);
  }

  /** Gives free slots to the waiting tasks with the lowest tags whose callers may run one more. */
  #startNext(): void {
    while (this.#running < this.#limits.concurrency) {
      let next: Waiting | undefined;
      for (const waiting of this.#waiting) {
        if (!this.#mayStart(waiting.caller)) continue;
        if (!next || waiting.tag < next.tag || (waiting.tag === next.tag && waiting.order < next.order))
          next = waiting;
      }
      if (!next) return;
      this.#waiting.splice(this.#waiting.indexOf(next), 1);
      this.#markStarted(next.caller, next.tag);
      next.start();
    }
  }
}
