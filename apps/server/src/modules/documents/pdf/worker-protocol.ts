// The messages between a WorkerPool (worker-pool.ts) and its worker, and the worker's side of them.
// Imported by worker files, which Node runs directly: only erasable types and '.ts' imports here.
import { parentPort } from 'node:worker_threads';

export type WorkerTask<Input> = { id: number; input: Input };
export type WorkerReply<Output> = { kind: 'ready' } | { kind: 'result'; id: number; output: Output };

/**
 * Answers the pool's tasks with `handle`, one at a time as they come, then tells the pool the worker is
 * ready. `handle` may name buffers of its output to move to the parent rather than copy.
 */
export function serveWorkerTasks<Input, Output>(
  handle: (input: Input) => Promise<{ output: Output; transfer?: ArrayBuffer[] }>,
): void {
  parentPort?.on('message', async ({ id, input }: WorkerTask<Input>) => {
    const { output, transfer = [] } = await handle(input);
    const reply: WorkerReply<Output> = { kind: 'result', id, output };
    parentPort?.postMessage(reply, transfer);
  });
  parentPort?.postMessage({ kind: 'ready' } satisfies WorkerReply<Output>);
}
