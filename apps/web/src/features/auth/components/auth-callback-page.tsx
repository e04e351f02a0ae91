import { Navigate } from 'react-router';

/**
 * The sign-in callback inside the app. The sign-in gate has already completed the sign-in and moved the
 * address to the page it started from, so a signed-in user only lands here by opening /auth/callback
 * itself: send them to the start page.
 */
export function AuthCallbackPage() {
  return <Navigate to="/" replace />;
}
