import { MultiError } from './multi-error';
import { DEFAULT_CONCURRENCY_LIMIT } from './paging-constants';

/**
 * Runs fn over items with at most `limit` calls in flight and returns the results in input order.
 * Every task runs to completion; if any failed, a MultiError listing the failures (in input order)
 * is thrown after all have settled.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
  limit: number = DEFAULT_CONCURRENCY_LIMIT,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  const outcomes: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;

  async function runWorker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      try {
        outcomes[index] = { status: 'fulfilled', value: await fn(items[index] as T, index) };
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason };
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runWorker));

  const errors = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason);
  if (errors.length > 0) throw new MultiError(errors);
  return outcomes.map((o) => (o as PromiseFulfilledResult<R>).value);
}
