import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BusyScreen } from '../components/busy-screen';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page';
import { SignatureInboxPage } from '../features/signature/components/signature-inbox-page';
import { AUTH_CALLBACK_PATH, SIGNATURE_DASHBOARD_PATH } from '../lib/constants';
import {
  DAILY_REPORT_PATH,
  ESCALATION_QUEUE_PATH,
  METRICS_CLINICS_PATH,
  METRICS_PATH,
} from '../lib/metrics-paths';
import {
  BARCODE_SCANNER_PATH,
  BARCODE_SCANNER_TEST_PATH,
  DEVICE_CHECK_PATH,
  PATIENTS_PATH,
} from '../lib/patients';
import { STUDIES_PAGE_TITLES, STUDIES_PATHS, STUDY_SUITE_ORDER } from '../lib/study-paths';
import { HomePage } from './home-page';
import { AppLayout } from './layout/app-layout';
import {
  CLINICS_PATH,
  DEFAULTS_PATH,
  DEVICE_DATA_IMPORT_LOG_PATH,
  EMAIL_OUTBOX_PATH,
  USERS_PATH,
} from './layout/nav-items';
import { NotFoundPage } from './not-found-page';
import { RequirePermission } from './require-permission';
import { RouteErrorPage } from './route-error-page';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle) => value;

// The patient page's Trends tab comes from the trends feature, with its chart library (uPlot) in its own
// chunk, loaded when the tab is first opened.
const TrendsTab = lazy(() =>
  import('../features/trends/components/trends-tab').then((module) => ({ default: module.TrendsTab })),
);

// The patient page's Studies tab comes from the studies feature, in its own chunk (its dialogs and the
// results panel), loaded when the tab is first opened.
const StudiesTab = lazy(() =>
  import('../features/studies/components/patient-studies-tab').then((module) => ({
    default: module.PatientStudiesTab,
  })),
);

/** A lazily loaded page and the MUI theme it is drawn in (components/mui-scope.tsx), fetched together. */
async function loadPage<Module>(load: () => Promise<Module>) {
  const [module, { MuiScope, withMuiScope }] = await Promise.all([load(), import('../components/mui-scope')]);
  return { module, MuiScope, withMuiScope };
}

/**
 * An administration page in its own chunk, loaded when its route is first visited (react-router's route
 * `lazy`), so the inbox never downloads the administration screens. The inbox itself is not lazy: it is
 * most users' first page and comes with the signed-in screens (signed-in-app.tsx, a chunk of its own).
 */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => {
    const { module, withMuiScope } = await loadPage(load);
    return { Component: withMuiScope(pick(module)) };
  };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while an administration page's chunk loads on a deep link or reload straight into it.
    hydrateFallbackElement: <BusyScreen message="Loading…" />,
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
                lazy: lazyPage(
                  () => import('../features/clinics/components/clinics-page'),
                  (module) => module.ClinicsPage,
                ),
                handle: handle({ title: 'Clinics', crumbs: ['Administration'] }),
              },
              {
                path: `${CLINICS_PATH}/:id`,
                lazy: lazyPage(
                  () => import('../features/clinics/components/clinic-page'),
                  (module) => module.ClinicPage,
                ),
                handle: handle({ title: 'Clinic', crumbs: ['Administration', 'Clinics'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="user:create" />,
            children: [
              {
                path: USERS_PATH,
                lazy: lazyPage(
                  () => import('../features/users/components/users-page'),
                  (module) => module.UsersPage,
                ),
                handle: handle({ title: 'Users', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="defaults:manage" />,
            children: [
              {
                path: DEFAULTS_PATH,
                lazy: lazyPage(
                  () => import('../features/defaults/components/defaults-page'),
                  (module) => module.DefaultsPage,
                ),
                handle: handle({ title: 'Clinic defaults', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="notification:send" />,
            children: [
              {
                path: EMAIL_OUTBOX_PATH,
                lazy: lazyPage(
                  () => import('../features/notifications/components/email-outbox-page'),
                  (module) => module.EmailOutboxPage,
                ),
                handle: handle({ title: 'E-mail outbox', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="device-data:import" />,
            children: [
              {
                path: DEVICE_DATA_IMPORT_LOG_PATH,
                lazy: lazyPage(
                  () => import('../features/device-data/components/import-log-page'),
                  (module) => module.ImportLogPage,
                ),
                handle: handle({ title: 'Device data import log', crumbs: ['Administration'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="patient:read" />,
            children: [
              {
                path: PATIENTS_PATH,
                lazy: lazyPage(
                  () => import('../features/patients/components/patients-page'),
                  (module) => module.PatientsPage,
                ),
                handle: handle({ title: 'Patients' }),
              },
              {
                path: `${PATIENTS_PATH}/:npi/:id`,
                // The patient page, given the trends and studies features' tabs.
                lazy: async () => {
                  const { module, MuiScope } = await loadPage(
                    () => import('../features/patients/components/patient-page'),
                  );
                  return {
                    element: (
                      <MuiScope>
                        <module.PatientPage TrendsTab={TrendsTab} StudiesTab={StudiesTab} />
                      </MuiScope>
                    ),
                  };
                },
                handle: handle({ title: 'Patient', crumbs: ['Patients'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="study:read" />,
            // One screen per suite (issue 16 §7), each in the studies feature's chunk.
            children: STUDY_SUITE_ORDER.map((suite) => ({
              path: STUDIES_PATHS[suite],
              lazy: async () => {
                const { module, MuiScope } = await loadPage(
                  () => import('../features/studies/components/studies-page'),
                );
                return {
                  element: (
                    <MuiScope>
                      <module.StudiesPage suite={suite} />
                    </MuiScope>
                  ),
                };
              },
              handle: handle({ title: STUDIES_PAGE_TITLES[suite], crumbs: ['Studies'] }),
            })),
          },
          {
            // Issue 17 §5: the metrics screens, in the metrics feature's chunk (with uPlot), loaded when
            // one is first opened.
            element: <RequirePermission permission="metrics:read" />,
            children: [
              {
                path: METRICS_PATH,
                lazy: lazyPage(
                  () => import('../features/metrics/components/metrics-page'),
                  (module) => module.MetricsPage,
                ),
                handle: handle({ title: 'Clinic metrics', crumbs: ['Metrics'] }),
              },
              {
                path: METRICS_CLINICS_PATH,
                lazy: lazyPage(
                  () => import('../features/metrics/components/clinics-metrics-page'),
                  (module) => module.ClinicsMetricsPage,
                ),
                handle: handle({ title: 'All clinics', crumbs: ['Metrics'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="metrics:read-escalations" />,
            children: [
              {
                path: ESCALATION_QUEUE_PATH,
                lazy: lazyPage(
                  () => import('../features/metrics/components/escalation-queue-page'),
                  (module) => module.EscalationQueuePage,
                ),
                handle: handle({ title: 'Escalation queue', crumbs: ['Metrics'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="metrics:read-daily-report" />,
            children: [
              {
                path: DAILY_REPORT_PATH,
                lazy: lazyPage(
                  () => import('../features/metrics/components/daily-report-page'),
                  (module) => module.DailyReportPage,
                ),
                handle: handle({ title: 'Daily report', crumbs: ['Metrics'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="device-check:create" />,
            children: [
              {
                path: DEVICE_CHECK_PATH,
                lazy: lazyPage(
                  () => import('../features/device-check/components/device-check-page'),
                  (module) => module.DeviceCheckPage,
                ),
                handle: handle({ title: 'In-person device check', crumbs: ['Patients'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="patient:update-device" />,
            children: [
              {
                path: BARCODE_SCANNER_PATH,
                lazy: lazyPage(
                  () => import('../features/barcode/components/barcode-scanner-page'),
                  (module) => module.BarcodeScannerPage,
                ),
                handle: handle({ title: 'Barcode scanner', crumbs: ['Patients'] }),
              },
            ],
          },
          {
            element: <RequirePermission permission="patient:read" />,
            children: [
              {
                path: BARCODE_SCANNER_TEST_PATH,
                lazy: lazyPage(
                  () => import('../features/barcode/components/barcode-test-page'),
                  (module) => module.BarcodeTestPage,
                ),
                handle: handle({ title: 'Barcode scanner test', crumbs: ['Patients', 'Barcode scanner'] }),
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
