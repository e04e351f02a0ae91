import { type Db, inTransaction } from '../../db/transaction';
import { compactRollups } from './metrics.repository';

/**
 * Folds the rolled-up counts' +1/-1 rows into one row per key, so the sums metrics read stay short. Safe
 * on every instance at once (one folds, the others skip) and at any time (the sums do not change). Answers
 * how many rows it wrote, or null when another instance was folding.
 */
export async function compactMetricsRollups(db: Db): Promise<number | null> {
  return inTransaction(db, (tx) => compactRollups(tx));
}
