import { IDLE_ACTIVITY_EVENTS } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/** localStorage key where tabs share the time of the last activity, so working in one tab keeps all open. */
export const LAST_ACTIVITY_STORAGE_KEY = 'lastActivityAt';
/** Activity is written to storage at most this often (it is only compared against minutes). */
const SHARE_INTERVAL_MS = 5000;

function readSharedActivity(): number {
  try {
    const value = Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function shareActivity(at: number): void {
  try {
    localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Storage blocked: each tab then times out on its own.
  }
}

export type IdleTimerOptions = {
  /** Inactivity before the warning: SPEC's 20 minutes. */
  timeoutMs: number;
  /** The warning's countdown: SPEC's 300 s. */
  countdownSeconds: number;
  /** Called once when the countdown reaches zero. */
  onTimeout: () => void;
};

export type IdleTimer = {
  isWarning: boolean;
  /** Whole seconds left on the warning's countdown. */
  remainingSeconds: number;
  /** Counts as activity: dismisses the warning and restarts the wait. */
  stayActive: () => void;
};

/**
 * SPEC §4 Idle with plain timers (so a test's fake clock can drive it): clicks, key presses and wheel
 * events count as activity; after `timeoutMs` without any, a countdown of `countdownSeconds` starts,
 * any activity ends it, and at zero `onTimeout` runs. Times come from Date.now(), so a laptop that
 * slept through its timers still counts the time that passed.
 */
export function useIdleTimer({ timeoutMs, countdownSeconds, onTimeout }: IdleTimerOptions): IdleTimer {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const warning = useRef(false);
  const onTimeoutRef = useRef(onTimeout);

  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  const stayActive = useCallback(() => {
    const at = Date.now();
    lastActivity.current = at;
    if (at - lastShared.current >= SHARE_INTERVAL_MS) {
      lastShared.current = at;
      shareActivity(at);
    }
    if (warning.current) {
      warning.current = false;
      setDeadline(null);
    }
  }, []);

  useEffect(() => {
    const options = { capture: true, passive: true } as const;
    for (const type of IDLE_ACTIVITY_EVENTS) document.addEventListener(type, stayActive, options);
    // Activity in another tab of the portal counts too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LAST_ACTIVITY_STORAGE_KEY) return;
      lastActivity.current = Math.max(lastActivity.current, Number(event.newValue) || 0);
      if (warning.current && Date.now() - lastActivity.current < timeoutMs) {
        warning.current = false;
        setDeadline(null);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      for (const type of IDLE_ACTIVITY_EVENTS) document.removeEventListener(type, stayActive, options);
      window.removeEventListener('storage', onStorage);
    };
  }, [stayActive, timeoutMs]);

  // Waiting for inactivity: one timer, re-armed for the rest of the wait when there was activity.
  useEffect(() => {
    if (deadline !== null) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const last = Math.max(lastActivity.current, readSharedActivity());
      const wait = last + timeoutMs - Date.now();
      if (wait > 0) {
        timer = setTimeout(check, wait);
        return;
      }
      const at = Date.now();
      warning.current = true;
      setNow(at);
      setDeadline(at + countdownSeconds * 1000);
    };
    timer = setTimeout(check, Math.max(0, lastActivity.current + timeoutMs - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline, timeoutMs, countdownSeconds]);

  // The countdown: a tick a second, and the logout once it reaches zero.
  useEffect(() => {
    if (deadline === null) return;
    let done = false;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline && !done) {
        done = true;
        clearInterval(interval);
        onTimeoutRef.current();
      }
    };
    const interval = setInterval(tick, 1000);
    return () => clearInterval(interval);
  }, [deadline]);

  const remainingSeconds =
    deadline === null ? countdownSeconds : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { isWarning: deadline !== null, remainingSeconds, stayActive };
}
