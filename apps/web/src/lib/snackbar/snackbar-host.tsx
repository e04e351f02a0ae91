import { type ComponentType, useEffect, useState } from 'react';
import { afterFirstScreen } from '../first-screen';
import { createLogger } from '../logger';
import { preloadSnackbarHost, useSnackbarHostWanted } from './snackbar';

const log = createLogger('app');

/**
 * Mounts notistack (snackbar-provider.tsx, its own chunk with MUI) when it is first wanted: a message was
 * queued, or the first screen has shown (lib/first-screen.ts), so that the first message after an action
 * shows at once.
 */
export function SnackbarHost() {
  const wanted = useSnackbarHostWanted();
  const [Provider, setProvider] = useState<ComponentType>();

  useEffect(() => afterFirstScreen(preloadSnackbarHost), []);

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
