import { TOAST_MAX_VISIBLE } from '@portal/domain';
import type { NotificationItem } from './types';

/**
 * A short live message about a new notification: its title only. With the notification it opens it when
 * clicked; without (it could not be found on the list's first page) it opens the list.
 */
export type Toast = { key: number; message: string; notification?: NotificationItem | undefined };

/** Adds a toast at the end; toasts beyond the first TOAST_MAX_VISIBLE wait their turn. */
export function addToast(queue: readonly Toast[], toast: Toast): Toast[] {
  return [...queue, toast];
}

export function removeToast(queue: readonly Toast[], key: number): Toast[] {
  return queue.filter((toast) => toast.key !== key);
}

/** At most three at once (SPEC §9), oldest first. */
export function listVisibleToasts(queue: readonly Toast[]): Toast[] {
  return queue.slice(0, TOAST_MAX_VISIBLE);
}
