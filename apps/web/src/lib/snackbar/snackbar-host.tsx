import { type ComponentType, useEffect, useState } from 'react';
import { createLogger } from '../logger';
import { preloadSnackbarHost, useSnackbarHostWanted } from './snackbar';

const log = createLogger('app');

/** How long after start-up the host loads anyway, when the browser never reports being idle. */
const PRELOAD_FALLBACK_MS = 5000;

/**
 * Mounts notistack (snackbar-provider.tsx, its own chunk with MUI) when it is first wanted: a message was
 * queued, or the browser became idle after the first screen, so that the first message after an action
 * shows at once.
 */
export function SnackbarHost() {
  const wanted = useSnackbarHostWanted();
  const [Provider, setProvider] = useState<ComponentType>();

  useEffect(() => {
    if (wanted) return;
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(preloadSnackbarHost, { timeout: PRELOAD_FALLBACK_MS })
      : window.setTimeout(preloadSnackbarHost, PRELOAD_FALLBACK_MS);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted || Provider) return;
    let cancelled = false;
    import('./snackbar-provider').then(
      (module) => {
        if (!cancelled) setProvider(() => module.SnackbarProvider);
      },
      (error: unknown) => log.warn('The snackbars could not be loaded', error),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, Provider]);

  return Provider ? <Provider /> : null;
}
