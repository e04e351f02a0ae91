/** A background worker that drains an outbox in the database when woken, and on a timer. */
export type PollingWorker = {
  /** Starts a drain now, unless the worker has stopped or a drain is running (see `wakeDuringDrain`). */
  wake: () => void;
  /** No drain starts after this; resolves once the running drain has ended and `onStop` has run. */
  stop: () => Promise<void>;
};

/**
 * Runs `drain` at most once at a time: on each wake, and every `pollMs` in case a wake-up was lost (the
 * timer does not keep the process alive). `drain` is handed a signal that aborts when the worker stops,
 * so it can end between items; it must not throw (it logs its own failures).
 */
export function startPollingWorker(options: {
  drain: (stopping: AbortSignal) => Promise<void>;
  pollMs: number;
  /**
   * What a wake that arrives during a drain does: 'run-again' runs one more drain right after it (the
   * running one may have looked before the new work was there); 'ignore' drops it.
   */
  wakeDuringDrain: 'run-again' | 'ignore';
  /** Runs on stop, after the last drain: closing what the drains used. */
  onStop?: () => void | Promise<void>;
}): PollingWorker {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let wokenDuringDrain = false;

  function wake() {
    if (stopping.signal.aborted) return;
    if (running) {
      if (options.wakeDuringDrain === 'run-again') wokenDuringDrain = true;
      return;
    }
    wokenDuringDrain = false;
    running = options.drain(stopping.signal).finally(() => {
      running = undefined;
      if (wokenDuringDrain) wake();
    });
  }

  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  return {
    wake,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
      await options.onStop?.();
    },
  };
}
