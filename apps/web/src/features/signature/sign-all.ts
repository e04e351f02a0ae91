import { SIGN_ALL_PAGE_SIZE, SIGN_ALL_PAUSE_MS, type SignAllTally, tallySignAll } from '@portal/domain';

export type SignAllProgress = SignAllTally & {
  /** documents the run knows of: those signed or failed so far plus those still unsigned */
  total: number;
  processed: number;
  done: boolean;
};

export type SignAllDependencies = {
  /** one page of unsigned document ids, newest date of service first, at most `limit` */
  fetchUnsigned: (limit: number) => Promise<{ ids: string[]; totalCount: number | null }>;
  /** bulk-signs the ids and answers per id */
  bulkSign: (ids: string[]) => Promise<{ reportId: string; success: boolean }[]>;
  /** waits `ms` (a timer; tests use fake timers) */
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (progress: SignAllProgress) => void;
  signal?: AbortSignal;
  pageSize?: number;
  pauseMs?: number;
};

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The sign-all loop (SPEC §4): fetch a page of 50 unsigned documents by dos, bulk-sign it (the server
 * reassigns unassigned ones to the signer first), pause 1 s, repeat until none remain. Counts success,
 * fail and cancelled (total minus processed). A document that failed is not tried again: when a page
 * holds nothing new the loop stops, so documents that cannot be signed do not loop forever.
 * A failed bulk-sign call counts its whole batch as failed. A failed fetch ends the run (rethrown).
 */
export async function runSignAll(deps: SignAllDependencies): Promise<SignAllProgress> {
  const pageSize = deps.pageSize ?? SIGN_ALL_PAGE_SIZE;
  const pauseMs = deps.pauseMs ?? SIGN_ALL_PAUSE_MS;
  const wait = deps.sleep ?? sleep;
  const tried = new Set<string>();
  let success = 0;
  let fail = 0;
  let total = 0;

  const report = (done: boolean): SignAllProgress => {
    const progress = { ...tallySignAll({ total, success, fail }), total, processed: success + fail, done };
    deps.onProgress?.(progress);
    return progress;
  };

  for (let first = true; ; first = false) {
    if (deps.signal?.aborted) return report(true);
    const page = await deps.fetchUnsigned(pageSize);
    if (deps.signal?.aborted) return report(true);
    const ids = page.ids.filter((id) => !tried.has(id));
    const remaining = Math.max(page.totalCount ?? page.ids.length, page.ids.length);
    // Failed documents stay unsigned and are listed again: they are already counted.
    const failedStillListed = page.ids.length - ids.length;
    total = success + fail + Math.max(0, remaining - failedStillListed);
    if (ids.length === 0) return report(true);
    if (first) report(false);
    for (const id of ids) tried.add(id);
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
    if (deps.signal?.aborted) return report(true);
    await wait(pauseMs);
  }
}
