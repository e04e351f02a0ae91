import { type ComponentType, useEffect, useState } from 'react';
import { BusyScreen } from '../components/busy-screen';
import { PageMessage } from '../components/page-message';
import { StandalonePage } from '../components/standalone-page';
import { Button } from '../components/ui/button';
import { ErrorOutlineOutlinedIcon } from '../components/ui/icons';
import { AuthGate } from '../features/auth/components/auth-gate';
import { PortalAuthProvider } from '../features/auth/components/portal-auth-provider';
import { AUTH_CALLBACK_PATH } from '../lib/constants';
import { createLogger } from '../lib/logger';
import { AppProviders } from './providers';

const log = createLogger('app');

const loadSignedInApp = () => import('./signed-in-app');

/** Whether this page is about to be signed in: a stored sign-in (oidc-client-ts's key) or the sign-in callback. */
function expectsSignedInUser(): boolean {
  try {
    return (
      window.location.pathname === AUTH_CALLBACK_PATH ||
      Object.keys(window.localStorage).some((key) => key.startsWith('oidc.user:'))
    );
  } catch {
    return false;
  }
}

// A returning user needs the signed-in screens next: fetch them alongside the start-up, not after it.
if (expectsSignedInUser()) void loadSignedInApp().catch(() => undefined);

/** The signed-in screens, from their own chunk; 'Loading your profile…' (as SessionProvider says) meanwhile. */
function SignedInScreens() {
  const [Screens, setScreens] = useState<ComponentType>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    loadSignedInApp().then(
      (module) => {
        if (!cancelled) setScreens(() => module.SignedInApp);
      },
      (error: unknown) => {
        log.error('The signed-in screens could not be loaded', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (Screens) return <Screens />;
  if (failed) {
    return (
      <StandalonePage>
        <PageMessage
          icon={<ErrorOutlineOutlinedIcon />}
          heading="The portal could not be loaded"
          headingComponent="h1"
        >
          <p
            role="alert"
            className="ui-body1 ui-text-secondary page-message__text page-message__text--before-actions"
          >
            Check your connection and reload; if it keeps happening, contact support.
          </p>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </PageMessage>
      </StandalonePage>
    );
  }
  return <BusyScreen message="Loading your profile…" />;
}

/**
 * The portal: run-time configuration and the OIDC client first, then the sign-in gate, and only for a
 * signed-in user their session (profile, clinic, permissions), the idle logout and the pages.
 */
export function App() {
  return (
    <AppProviders>
      <PortalAuthProvider>
        <AuthGate>
          <SignedInScreens />
        </AuthGate>
      </PortalAuthProvider>
    </AppProviders>
  );
}
