/** The note put on unassigned documents reassigned to the signer before signing (SPEC §4, §7). */
export const AUTO_REASSIGN_NOTE = 'Auto-reassigning unassigned document, prior to signing';

/** Tally of a sign-all run; cancelled = total minus processed. */
export type SignAllTally = {
  success: number;
  fail: number;
  cancelled: number;
};

export function tallySignAll({
  total,
  success,
  fail,
}: {
  total: number;
  success: number;
  fail: number;
}): SignAllTally {
  return { success, fail, cancelled: Math.max(0, total - success - fail) };
}
