import { RouterProvider } from 'react-router/dom';
import { AuthGate } from '../features/auth/components/auth-gate';
import { PortalAuthProvider } from '../features/auth/components/portal-auth-provider';
import { IdleLogout } from '../features/session/components/idle-logout';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import { SessionProvider } from '../lib/session/session-provider';
import { AppProviders } from './providers';
import { getAppRouter } from './router';

function SignedInApp() {
  return (
    <SessionProvider>
      <IdleLogout />
      <RealtimeProvider>
        <RouterProvider router={getAppRouter()} />
      </RealtimeProvider>
    </SessionProvider>
  );
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
          <SignedInApp />
        </AuthGate>
      </PortalAuthProvider>
    </AppProviders>
  );
}
