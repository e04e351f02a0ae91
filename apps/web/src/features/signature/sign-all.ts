import { SIGN_ALL_PAGE_SIZE, SIGN_ALL_PAUSE_MS, type SignAllTally, tallySignAll } from '@portal/domain';

export type SignAllProgress = SignAllTally & {
  /** the documents the run was confirmed for */
  total: number;
  processed: number;
  done: boolean;
};

export type SignAllDependencies = {
  /** the confirmed documents, in the order to sign them (newest date of service first) */
  ids: readonly string[];
  /** bulk-signs the ids and answers per id */
  bulkSign: (ids: string[]) => Promise<{ reportId: string; success: boolean }[]>;
  /** waits `ms` (a timer; tests use fake timers) */
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (progress: SignAllProgress) => void;
  signal?: AbortSignal;
  /** documents per bulk-sign call (SPEC §9: 50) */
  pageSize?: number;
  /** the pause between calls (SPEC §9: 1 s) */
  pauseMs?: number;
};

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The sign-all loop (SPEC §4) over the documents the reader confirmed: 50 at a time by date of service,
 * a bulk-sign call each (the server reassigns unassigned ones to the signer first), a 1 s pause, until
 * none remain or the run is cancelled. It signs exactly the confirmed set, never a document that arrived
 * after the confirmation. Counts success, fail and cancelled (total minus processed). A failed bulk-sign
 * call counts its whole batch as failed; the run goes on with the next.
 */
export async function runSignAll(deps: SignAllDependencies): Promise<SignAllProgress> {
  const pageSize = deps.pageSize ?? SIGN_ALL_PAGE_SIZE;
  const pauseMs = deps.pauseMs ?? SIGN_ALL_PAUSE_MS;
  const wait = deps.sleep ?? sleep;
  const total = deps.ids.length;
  let success = 0;
  let fail = 0;

  const report = (done: boolean): SignAllProgress => {
    const progress = { ...tallySignAll({ total, success, fail }), total, processed: success + fail, done };
    deps.onProgress?.(progress);
    return progress;
  };

  report(false);
  for (let start = 0; start < total; start += pageSize) {
    if (deps.signal?.aborted) break;
    if (start > 0 && pauseMs > 0) {
      await wait(pauseMs);
      if (deps.signal?.aborted) break;
    }
    const ids = deps.ids.slice(start, start + pageSize);
    try {
      const results = await deps.bulkSign(ids);
      const signed = new Set(results.filter((result) => result.success).map((result) => result.reportId));
      const succeeded = ids.filter((id) => signed.has(id)).length;
      success += succeeded;
      fail += ids.length - succeeded;
    } catch {
      fail += ids.length;
    }
    report(false);
  }
  return report(true);
}
