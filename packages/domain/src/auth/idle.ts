// Idle-logout notice of SPEC §4 (the timings are in common/time-constants).
import { IDLE_TIMEOUT_MS, IDLE_WARNING_COUNTDOWN_SECONDS } from '../common/time-constants';

/** Two spaces after the question mark, as in SPEC. */
export const IDLE_NOTICE_MESSAGE = 'Are you there?  Logging out due to inactivity.';
export const CONTINUE_WORKING_LABEL = 'Continue Working';
/** DOM events that count as activity and dismiss the notice. */
export const IDLE_ACTIVITY_EVENTS = ['click', 'keydown', 'wheel'] as const;

/** The notice's mm:ss countdown; negative input shows 00:00. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** Why the portal signed a user out, carried to the sign-in page as the `signed_out` parameter. */
export const SIGNED_OUT_REASONS = ['idle'] as const;
export type SignedOutReason = (typeof SIGNED_OUT_REASONS)[number];
export const SIGNED_OUT_PARAM = 'signed_out';

/** What the sign-in page says after the idle logout: the quiet time before it and the countdown. */
export const IDLE_SIGNED_OUT_MESSAGE = `You were signed out after ${
  (IDLE_TIMEOUT_MS / 1000 + IDLE_WARNING_COUNTDOWN_SECONDS) / 60
} minutes without activity.`;

export function isSignedOutReason(value: unknown): value is SignedOutReason {
  return (SIGNED_OUT_REASONS as readonly unknown[]).includes(value);
}
