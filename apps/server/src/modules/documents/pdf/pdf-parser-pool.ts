import { Worker } from 'node:worker_threads';
import type { PdfStructureReply, PdfStructureRequest, PdfStructureVerdict } from './inspect-pdf.worker';

export type ParseOutcome = PdfStructureVerdict | { kind: 'gave-up' };

/** The parsing worker could not start at all: a fault of the server, not of the file. */
export class PdfParserUnavailableError extends Error {
  override name = 'PdfParserUnavailableError';
}

/** Workers at once; more requests queue, so a burst of uploads cannot take every core or exhaust memory. */
const POOL_SIZE = 2;
const HEAP_LIMIT_MB = 256;
/** An idle worker is stopped after this long; starting one costs 0.1–0.4 s. */
const IDLE_MS = 30_000;

type Slot = { worker: Worker; ready: Promise<void>; alive: boolean; idleTimer?: NodeJS.Timeout };

const idleSlots: Slot[] = [];
const waiting: ((slot: Slot) => void)[] = [];
let slotCount = 0;
let nextRequestId = 1;

/**
 * Reads a PDF's structure in a pooled worker thread with a heap limit and a time limit. A worker that
 * runs out of time or heap is stopped and replaced; the PDF is then reported as 'gave-up'.
 */
export async function readPdfStructureIsolated(
  bytes: Uint8Array,
  limits: { maxPages: number; timeoutMs: number },
): Promise<ParseOutcome> {
  const slot = await acquireSlot();
  try {
    await slot.ready;
  } catch (error) {
    releaseSlot(slot);
    throw new PdfParserUnavailableError('The PDF parsing worker did not start', { cause: error });
  }
  const outcome = await ask(slot, bytes, limits);
  releaseSlot(slot);
  return outcome;
}

function ask(
  slot: Slot,
  bytes: Uint8Array,
  limits: { maxPages: number; timeoutMs: number },
): Promise<ParseOutcome> {
  const { worker } = slot;
  const id = nextRequestId++;
  return new Promise((resolve) => {
    const finish = (outcome: ParseOutcome) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (outcome.kind === 'gave-up') stopSlot(slot);
      resolve(outcome);
    };
    const onMessage = (reply: PdfStructureReply) => {
      if (reply.kind === 'verdict' && reply.id === id) finish(reply.verdict);
    };
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or out of stack ends the worker.
    const onExit = () => finish({ kind: 'gave-up' });
    const timer = setTimeout(() => finish({ kind: 'gave-up' }), limits.timeoutMs);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    // The worker gets its own copy, so the caller's array is neither transferred nor touched.
    // (Not bytes.slice(): on a Buffer that is a view of the same memory.)
    const copy = new Uint8Array(bytes);
    const request: PdfStructureRequest = { id, bytes: copy, maxPages: limits.maxPages };
    worker.postMessage(request, [copy.buffer]);
  });
}

async function acquireSlot(): Promise<Slot> {
  for (let slot = idleSlots.pop(); slot; slot = idleSlots.pop()) {
    clearTimeout(slot.idleTimer);
    if (slot.alive) {
      slot.worker.ref();
      return slot;
    }
    slotCount -= 1;
  }
  if (slotCount < POOL_SIZE) {
    slotCount += 1;
    return startSlot();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function releaseSlot(slot: Slot): void {
  if (!slot.alive) {
    slotCount -= 1;
    const next = waiting.shift();
    if (next) {
      slotCount += 1;
      next(startSlot());
    }
    return;
  }
  const next = waiting.shift();
  if (next) {
    next(slot);
    return;
  }
  // An idle worker must not keep the process alive.
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => {
    const index = idleSlots.indexOf(slot);
    if (index === -1) return;
    idleSlots.splice(index, 1);
    slotCount -= 1;
    stopSlot(slot);
  }, IDLE_MS);
  slot.idleTimer.unref();
  idleSlots.push(slot);
}

function startSlot(): Slot {
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
  });
  // A rejection nobody awaits yet (the slot may sit idle) is not an unhandled one.
  slot.ready.catch(() => {});
  return slot;
}

function stopSlot(slot: Slot): void {
  slot.alive = false;
  void slot.worker.terminate();
}
