/**
 * A fixed-window counter per key (the client IP). In memory, so each server instance counts on its own;
 * that bounds guessing per instance, which is what the login and token endpoints need.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one request; returns the seconds to wait when the key is over its limit. */
    hit(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (windows.size > 10_000) {
          for (const [staleKey, stale] of windows) if (stale.resetAt <= now) windows.delete(staleKey);
        }
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    },
  };
}
