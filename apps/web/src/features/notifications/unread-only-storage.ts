import { DEFAULT_UNREAD_ONLY } from '@portal/domain';

/** localStorage key of the unread-only toggle (SPEC §4: persisted locally, on by default). */
export const UNREAD_ONLY_STORAGE_KEY = 'notifications.unreadOnly';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readUnreadOnly(): boolean {
  const stored = storage()?.getItem(UNREAD_ONLY_STORAGE_KEY);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return DEFAULT_UNREAD_ONLY;
}

export function writeUnreadOnly(value: boolean): void {
  try {
    storage()?.setItem(UNREAD_ONLY_STORAGE_KEY, String(value));
  } catch {
    // A full or blocked storage only forgets the choice.
  }
}
