import { type Db, inTransaction } from '../../db/transaction';
import { compactRollups, markPastDue } from './metrics.repository';

/**
 * The metrics worker's pass: marks the documents whose due time has passed (so the rollups count them
 * overdue), then folds the rolled-up counts' +1/-1 rows into one row per key, so the sums metrics read stay
 * short. Safe on every instance at once (one folds, the others skip) and at any time (the sums do not
 * change). Answers how many documents it marked and rows it folded (null when another instance was folding).
 */
export async function maintainMetricsRollups(
  db: Db,
  now: Date = new Date(),
): Promise<{ marked: number; folded: number | null }> {
  const marked = await inTransaction(db, (tx) => markPastDue(tx, now));
  const folded = await inTransaction(db, (tx) => compactRollups(tx));
  return { marked, folded };
}
