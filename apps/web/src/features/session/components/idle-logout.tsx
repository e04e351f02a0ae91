import { IDLE_TIMEOUT_MS, IDLE_WARNING_COUNTDOWN_SECONDS } from '@portal/domain';
import { useCallback, useState } from 'react';
import { lazyComponent } from '../../../components/lazy-component';
import { rememberSignedOutReason } from '../../../lib/auth/signed-out-reason';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { useIdleTimer } from '../hooks/use-idle-timer';

// The notice is drawn with MUI, in a chunk of its own: the first screen does not wait for it (issue 11 §10).
// It is outside the router: should its chunk fail to load, the timer still signs the user out at zero.
const IdleLogoutNotice = lazyComponent(
  () => import('./idle-logout-notice').then((module) => module.IdleLogoutNotice),
  null,
  { drawNothingOnFailure: true },
);

/**
 * SPEC §4 Idle: after 20 minutes without activity a notice that does not hide by itself counts down
 * 5 minutes; any click, key press or wheel event (or its button) dismisses it, and at zero the user is
 * signed out, provider session included.
 */
export function IdleLogout() {
  const signOut = useSignOut();
  const onTimeout = useCallback(() => {
    // The sign-in page that follows says why (issue 32: never signed out without a word).
    rememberSignedOutReason('idle');
    void signOut();
  }, [signOut]);
  const { isWarning, remainingSeconds, stayActive } = useIdleTimer({
    timeoutMs: IDLE_TIMEOUT_MS,
    countdownSeconds: IDLE_WARNING_COUNTDOWN_SECONDS,
    onTimeout,
  });
  // Rendered from the first warning on, and kept, so the notice's exit transition plays when it closes.
  const [shown, setShown] = useState(false);
  if (isWarning && !shown) setShown(true);

  return shown ? (
    <IdleLogoutNotice open={isWarning} remainingSeconds={remainingSeconds} onStayActive={stayActive} />
  ) : null;
}
