import { useCallback, useSyncExternalStore } from 'react';

// A user's choices about how this browser shows things (not data, not PHI): kept in localStorage, read
// with a fallback, and shared live between the components (and tabs) that read the same key.

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const listeners = new Map<string, Set<() => void>>();

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

/** The stored text of `key`, or undefined when none (or storage is blocked). */
export function readLocalPreference(key: string): string | undefined {
  return storage()?.getItem(key) ?? undefined;
}

/** Stores `value` under `key`; a full or blocked storage only forgets the choice. */
export function writeLocalPreference(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Forgotten at the next visit: the default applies again.
  }
  notify(key);
}

function subscribe(key: string, listener: () => void): () => void {
  const forKey = listeners.get(key) ?? new Set();
  forKey.add(listener);
  listeners.set(key, forKey);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    forKey.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/**
 * A preference kept in localStorage: `[value, setValue]`. `parse` turns the stored text into a value (or
 * undefined when it is not one, so the fallback applies); `format` turns a value back into text.
 */
export function useLocalPreference<T>(
  key: string,
  fallback: T,
  parse: (stored: string) => T | undefined,
  format: (value: T) => string = String,
): [T, (value: T) => void] {
  const stored = useSyncExternalStore(
    useCallback((listener) => subscribe(key, listener), [key]),
    () => readLocalPreference(key),
    () => undefined,
  );
  const value = stored === undefined ? fallback : (parse(stored) ?? fallback);
  const setValue = useCallback((next: T) => writeLocalPreference(key, format(next)), [key, format]);
  return [value, setValue];
}

/** For boolean preferences: 'true' / 'false'. */
export function parseBooleanPreference(stored: string): boolean | undefined {
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return undefined;
}
