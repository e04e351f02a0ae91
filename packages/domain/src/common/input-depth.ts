// How deep a request body may nest (issue 31 §3), far past what any contract declares; a body nested deeper is refused with 400
// when it is parsed, before any hook, schema or handler walks it. Every recursive walk over input (zod's
// checks, dropEmptyFields, the audit trail's canonical JSON) is thereby bounded by this depth.
export const MAX_INPUT_DEPTH = 64;

/** The message of a body nested too deep. */
export const TOO_DEEP_MESSAGE = `must not nest more than ${MAX_INPUT_DEPTH} levels deep`;

/**
 * Whether a parsed JSON value nests deeper than `limit` arrays and objects. Iterative, and it stops at
 * the first value past the limit, so a 10,000-level body costs what its first `limit` levels cost.
 */
export function nestsDeeperThan(value: unknown, limit: number = MAX_INPUT_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current))
      if (item !== null && typeof item === 'object') pending.push({ value: item, depth: depth + 1 });
  }
  return false;
}
