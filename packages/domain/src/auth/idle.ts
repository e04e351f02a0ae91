// Idle-logout notice of SPEC §4 (the timings are in common/time-constants).

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
