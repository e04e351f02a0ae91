import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page';
import { ClinicsPage } from '../features/clinics/components/clinics-page';
import { SignatureInboxPage } from '../features/signature/components/signature-inbox-page';
import { AUTH_CALLBACK_PATH, SIGNATURE_DASHBOARD_PATH } from '../lib/constants';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
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
          // Until there is a home page, the clinics list is where the portal opens.
          { index: true, loader: () => redirect('/admin/clinics') },
          {
            path: 'admin/clinics',
            element: <ClinicsPage />,
            handle: handle({ title: 'Clinics', crumbs: ['Administration'] }),
          },
          {
            path: SIGNATURE_DASHBOARD_PATH,
            element: <SignatureInboxPage />,
            handle: handle({ title: 'Signature inbox' }),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
