import { useSyncExternalStore } from 'react';

// Set while the sign-out redirect is on its way, so losing the user on the way out does not look like
// an unauthenticated visit (which would start a sign-in).
let signingOut = false;
const listeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  if (signingOut === value) return;
  signingOut = value;
  for (const listener of listeners) listener();
}

export function useIsSigningOut(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => signingOut,
  );
}
