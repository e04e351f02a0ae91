import { isSignedOutReason, SIGNED_OUT_PARAM, type SignedOutReason } from '@portal/domain';

// Session storage: the reason lives through the provider's sign-out and back in this tab only.
const KEY = 'portal.signedOutReason';

/** Remembers why the portal is signing the user out, for the next sign-in page to say. */
export function rememberSignedOutReason(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage refused (private mode): the sign-in page just says nothing of the reason.
  }
}

/** The sign-in request's extra parameter for a remembered reason, which it uses up; undefined without one. */
export function takeSignedOutParams(): Record<string, string> | undefined {
  let reason: string | null = null;
  try {
    reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return undefined;
  }
  return isSignedOutReason(reason) ? { [SIGNED_OUT_PARAM]: reason } : undefined;
}
