import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page';
import { ClinicPage } from '../features/clinics/components/clinic-page';
import { ClinicsPage } from '../features/clinics/components/clinics-page';
import { DefaultsPage } from '../features/defaults/components/defaults-page';
import { EmailOutboxPage } from '../features/notifications/components/email-outbox-page';
import { SignatureInboxPage } from '../features/signature/components/signature-inbox-page';
import { UsersPage } from '../features/users/components/users-page';
import { AUTH_CALLBACK_PATH, SIGNATURE_DASHBOARD_PATH } from '../lib/constants';
import { HomePage } from './home-page';
import { AppLayout } from './layout/app-layout';
import { CLINICS_PATH, DEFAULTS_PATH, EMAIL_OUTBOX_PATH, USERS_PATH } from './layout/nav-items';
import { NotFoundPage } from './not-found-page';
import { RequirePermission } from './require-permission';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle) => value;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage />, handle: handle({ title: 'Welcome' }) },
          {
            element: <RequirePermission permission="clinic:update-settings" />,
            children: [
              {
                path: CLINICS_PATH,
                element: <ClinicsPage />,
                handle: handle({ title: 'Clinics', crumbs: ['Administration'] }),
              },
              {
                path: `${CLINICS_PATH}/:id`,
                element: <ClinicPage />,
                handle: handle({ title: 'Clinic', crumbs: ['Administration', 'Clinics'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="user:create" />,
            children: [
              {
                path: USERS_PATH,
                element: <UsersPage />,
                handle: handle({ title: 'Users', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="defaults:manage" />,
            children: [
              {
                path: DEFAULTS_PATH,
                element: <DefaultsPage />,
                handle: handle({ title: 'Clinic defaults', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="notification:send" />,
            children: [
              {
                path: EMAIL_OUTBOX_PATH,
                element: <EmailOutboxPage />,
                handle: handle({ title: 'E-mail outbox', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="document:read" />,
            children: [
              {
                path: SIGNATURE_DASHBOARD_PATH,
                element: <SignatureInboxPage />,
                handle: handle({ title: 'Signature inbox' }),
              },
            ],
          },
          {
            path: AUTH_CALLBACK_PATH,
            element: <AuthCallbackPage />,
            handle: handle({ title: 'Signing in' }),
          },
          { path: '*', element: <NotFoundPage />, handle: handle({ title: 'Page not found' }) },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The router is created once the user is signed in, not at start-up: by then the sign-in callback has
 * put the page the sign-in started from in the address bar, and the router starts there.
 */
export function getAppRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}
