// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_CLEARANCE_VAR } from '../../../lib/constants';
import type { Toast } from '../toast-queue';
import { NotificationToasts } from './notification-toasts';

beforeAll(() => {
  // jsdom lays nothing out and has no ResizeObserver; the stack's position is what the test gives it.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty(TOAST_CLEARANCE_VAR);
});

const toast: Toast = { key: 1, message: 'Nina Okafor RN commented on the 90 Day report' };

describe('the notification toasts', () => {
  it('open their notification when their title is clicked, and close with Dismiss', async () => {
    const onOpen = vi.fn();
    const onDismiss = vi.fn();
    render(<NotificationToasts toasts={[toast]} onOpen={onOpen} onDismiss={onDismiss} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: toast.message }));
    expect(onOpen).toHaveBeenCalledWith(toast);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledWith(1);
  });

  it('publish how much of the bottom of the screen they take, and nothing once they are gone', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: window.innerHeight - 80,
    } as DOMRect);
    const { rerender } = render(<NotificationToasts toasts={[toast]} onOpen={vi.fn()} onDismiss={vi.fn()} />);
    // 80 px of toasts and offset, and an 8 px gap.
    expect(document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VAR)).toBe('88px');
    rerender(<NotificationToasts toasts={[]} onOpen={vi.fn()} onDismiss={vi.fn()} />);
    expect(document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VAR)).toBe('0px');
  });
});
