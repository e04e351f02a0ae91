import { useSyncExternalStore } from 'react';

/**
 * The portal's snackbars (SPEC §9: bottom right, at most SNACKBAR_MAX_STACK, SNACKBAR_AUTO_HIDE_MS).
 * notistack draws them, but it and MUI are not part of the first screen's JavaScript (issue 11 §10): a
 * message queued here waits until the snackbar host (snackbar-host.tsx) has loaded notistack, then shows.
 * The host loads when the first message is queued or once the first screen has shown, whichever is first.
 */
export type SnackbarVariant = 'default' | 'success' | 'error' | 'warning' | 'info';
export type SnackbarOptions = { variant?: SnackbarVariant; preventDuplicate?: boolean };
type Deliver = (message: string, options: SnackbarOptions) => void;

const waiting: [string, SnackbarOptions][] = [];
let deliver: Deliver | undefined;
let hostWanted = false;
const listeners = new Set<() => void>();

function wantHost() {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of listeners) listener();
}

/** Shows a message in a snackbar (now, or as soon as notistack has loaded). */
export function enqueueSnackbar(message: string, options: SnackbarOptions = {}): void {
  if (deliver) {
    deliver(message, options);
    return;
  }
  waiting.push([message, options]);
  wantHost();
}

/** The host's notistack is ready: the waiting messages show, in order, and later ones go straight to it. */
export function connectSnackbarHost(hostDeliver: Deliver): () => void {
  deliver = hostDeliver;
  for (const [message, options] of waiting.splice(0)) hostDeliver(message, options);
  return () => {
    if (deliver === hostDeliver) deliver = undefined;
  };
}

/** Asks for the host without a message: when the browser is idle after the first screen. */
export function preloadSnackbarHost(): void {
  wantHost();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the host should be mounted (a message is waiting, or the browser was idle). */
export function useSnackbarHostWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hostWanted,
    () => false,
  );
}
