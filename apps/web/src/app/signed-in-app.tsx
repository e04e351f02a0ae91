import { RouterProvider } from 'react-router/dom';
import { IdleLogout } from '../features/session/components/idle-logout';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import { SessionProvider } from '../lib/session/session-provider';
import { getAppRouter } from './router';

/**
 * Everything a signed-in user sees: their session (profile, clinic, permissions), the idle logout, the
 * realtime connection and the pages. Its own chunk (loaded by app.tsx), so the redirect to the sign-in
 * page does not download it; the administration pages are split further, per route (router.tsx).
 */
export function SignedInApp() {
  return (
    <SessionProvider>
      <IdleLogout />
      <RealtimeProvider>
        <RouterProvider router={getAppRouter()} />
      </RealtimeProvider>
    </SessionProvider>
  );
}
