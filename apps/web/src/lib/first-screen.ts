/**
 * When the first screen has shown (issue 11 §10). Chunks the portal fetches ahead of need (the document
 * panel, dialogs, the notification list, notistack) wait for it, so that on a slow connection they do not
 * compete with the requests and the JavaScript the first screen needs: the profile, the inbox's list.
 * The inbox says so when its list (or its empty or failed state) first shows; any other first page lets
 * FIRST_SCREEN_FALLBACK_MS pass. A part that is needed before then still loads at once when drawn.
 */
export const FIRST_SCREEN_FALLBACK_MS = 4000;

let shown = false;
const waiting: (() => void)[] = [];
let fallbackTimer: ReturnType<typeof setTimeout> | undefined;

function flush() {
  shown = true;
  if (fallbackTimer !== undefined) clearTimeout(fallbackTimer);
  for (const callback of waiting.splice(0)) callback();
}

/** The first screen is on view (called once its content has drawn; later calls change nothing). */
export function markFirstScreenShown(): void {
  if (!shown) flush();
}

/** Runs `callback` once the first screen has shown and the browser is idle (at once if it has). */
export function afterFirstScreen(callback: () => void): void {
  const whenIdle = () => {
    if (typeof window !== 'undefined' && window.requestIdleCallback) {
      window.requestIdleCallback(() => callback(), { timeout: 1000 });
    } else setTimeout(callback, 0);
  };
  if (shown) {
    whenIdle();
    return;
  }
  waiting.push(whenIdle);
  fallbackTimer ??= setTimeout(flush, FIRST_SCREEN_FALLBACK_MS);
}
