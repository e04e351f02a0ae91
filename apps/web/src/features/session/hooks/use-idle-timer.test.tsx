// @vitest-environment jsdom

import { IDLE_TIMEOUT_MS, IDLE_WARNING_COUNTDOWN_SECONDS } from '@portal/domain';
import { act, cleanup, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_STORAGE_KEY, useIdleTimer } from './use-idle-timer';

const MINUTE = 60_000;

function setup() {
  const onTimeout = vi.fn();
  const hook = renderHook(() =>
    useIdleTimer({ timeoutMs: IDLE_TIMEOUT_MS, countdownSeconds: IDLE_WARNING_COUNTDOWN_SECONDS, onTimeout }),
  );
  return { onTimeout, hook };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useIdleTimer (SPEC §4 Idle, §9 timings)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('warns after 20 minutes without activity and counts 5 minutes down', () => {
    const { hook, onTimeout } = setup();
    advance(20 * MINUTE - 1000);
    expect(hook.result.current.isWarning).toBe(false);
    advance(1000);
    expect(hook.result.current.isWarning).toBe(true);
    expect(hook.result.current.remainingSeconds).toBe(300);
    advance(61_000);
    expect(hook.result.current.remainingSeconds).toBe(239);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('signs out once when the countdown reaches zero', () => {
    const { hook, onTimeout } = setup();
    advance(20 * MINUTE);
    advance(5 * MINUTE);
    expect(hook.result.current.remainingSeconds).toBe(0);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    advance(5 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a click', () => fireEvent.click(document.body)],
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a wheel event', () => fireEvent.wheel(document.body)],
  ])('%s dismisses the warning and restarts the 20 minutes', (_name, act_) => {
    const { hook, onTimeout } = setup();
    advance(20 * MINUTE);
    expect(hook.result.current.isWarning).toBe(true);
    act(act_);
    expect(hook.result.current.isWarning).toBe(false);
    advance(19 * MINUTE);
    expect(hook.result.current.isWarning).toBe(false);
    advance(MINUTE);
    expect(hook.result.current.isWarning).toBe(true);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('stayActive (the Continue Working button) dismisses it too', () => {
    const { hook } = setup();
    advance(20 * MINUTE);
    act(() => hook.result.current.stayActive());
    expect(hook.result.current.isWarning).toBe(false);
    expect(hook.result.current.remainingSeconds).toBe(300);
  });

  it('activity before the 20 minutes pushes the warning back', () => {
    const { hook } = setup();
    advance(15 * MINUTE);
    act(() => {
      fireEvent.keyDown(document, { key: 'Tab' });
    });
    advance(15 * MINUTE);
    expect(hook.result.current.isWarning).toBe(false);
    advance(5 * MINUTE);
    expect(hook.result.current.isWarning).toBe(true);
  });

  it('counts activity in another tab of the portal', () => {
    const { hook } = setup();
    advance(10 * MINUTE);
    // Another tab writes its last activity; this tab reads it when its own wait is over.
    localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(Date.now()));
    advance(10 * MINUTE);
    expect(hook.result.current.isWarning).toBe(false);
    advance(10 * MINUTE);
    expect(hook.result.current.isWarning).toBe(true);
    // And activity there during the warning (a storage event) dismisses it here.
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: LAST_ACTIVITY_STORAGE_KEY, newValue: String(Date.now()) }),
      );
    });
    expect(hook.result.current.isWarning).toBe(false);
  });

  it('shares its own activity with the other tabs', () => {
    setup();
    advance(MINUTE);
    act(() => {
      fireEvent.click(document.body);
    });
    expect(Number(localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY))).toBe(Date.now());
  });

  it('stops listening when unmounted', () => {
    const { hook, onTimeout } = setup();
    hook.unmount();
    advance(30 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
