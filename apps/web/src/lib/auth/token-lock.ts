import { SILENT_LOCK_MAX_ATTEMPTS, SILENT_LOCK_TIMEOUT_MS } from '@portal/domain';

export const TOKEN_LOCK_NAME = 'portal-token-renewal';

/**
 * Runs a token renewal while holding a lock shared by every tab of the portal. Refresh tokens rotate
 * and the provider revokes the whole sign-in when a used one is presented again, so two tabs must never
 * refresh at once. The Web Locks API releases the lock when a tab dies, so no stale-lock handling (the
 * 1 s / 5 s refresh of SPEC §9's storage lock) is needed. Without Web Locks (old browsers, jsdom) the
 * work runs unlocked. Waiting gives up after SPEC's 10 attempts of 5 s with a 'Timeout' error.
 */
export async function withTokenLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  const signal = AbortSignal.timeout(SILENT_LOCK_TIMEOUT_MS * SILENT_LOCK_MAX_ATTEMPTS);
  try {
    return await locks.request(TOKEN_LOCK_NAME, { signal }, work);
  } catch (error) {
    if (signal.aborted) throw new Error('Timeout', { cause: error });
    throw error;
  }
}
