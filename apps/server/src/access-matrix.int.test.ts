import {
  can,
  canAnywhere,
  computeNpiCheckDigit,
  gtinCheckDigit,
  type MergedClinicConfiguration,
  type PermissionName,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from './db/schema';
import { loadClinicConfiguration } from './modules/clinics/load-clinic-configuration';
import { loadHl7Fixture } from './modules/device-data/test-fixtures/hl7-fixtures';
import {
  DEMO_EMAILS,
  FIXTURE_PHYSICIAN_NPI,
  getSamplePdf,
  insertDocument,
  insertPatient,
  insertStudy,
  insertUser,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
  setClinicSetting,
} from './test-support/fixtures';
import { uploadBody } from './test-support/multipart';
import { signIn } from './test-support/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './test-support/test-app';

type Target = 'own' | 'other';
type Request = { method: string; url: string; payload?: unknown; contentType?: string };
type RouteRule = {
  /** Document routes: the document's clinic decides (404 when it cannot be read, 403 when it cannot be acted on). */
  document?: true;
  /** Like document, for clinic-scoped routes gated coarsely: 404 without readPermission there, 403 without actPermission. */
  scoped?: { readPermission: PermissionName; actPermission: PermissionName };
  /** Bulk routes answer 200 with a success flag per document, whatever the clinic. */
  bulk?: true;
  /** What a route needs, as the server declares it. */
  /** `vendor`: only a vendor's signature opens it; a bearer token, whoever's, is a 401 (studies.int.test.ts signs). */
  access: { public: true } | { authenticated: true } | { vendor: true } | { permission: PermissionName };
  success: number;
  /** For a clinic-scoped route: how it answers at a clinic the caller may not act on. */
  otherClinic?: 403 | 404;
  /** Builds a fresh request aimed at the caller's own clinic or at another one. */
  request: (context: { portal: TestApp; target: Target }) => Promise<Request>;
};

let serial = 0;
/** A fresh valid NPI and clinic code for each request that creates a clinic. */
const nextNpi = () => {
  serial += 1;
  const base = String(300000000 + serial);
  return `${base}${computeNpiCheckDigit(base)}`;
};
const nextCode = () => {
  serial += 1;
  return `MX${serial}`;
};
const npiFor = (target: Target) => (target === 'own' ? OWN_CLINIC_NPI : OTHER_CLINIC_NPI);
const freshUser = async (portal: TestApp, target: Target) =>
  insertUser(portal.db, { clinicNpi: npiFor(target) });
const newProfile = (target: Target) => ({
  email: `new-${Math.random().toString(36).slice(2)}@example.org`,
  firstName: 'New',
  lastName: 'Person',
  roles: [{ role: 'nurse', clinicNPI: npiFor(target) }],
});

/**
 * Every API route and what it needs. A route missing here fails the test below, so each new route
 * arrives with its access rule and a check of it.
 */
const freshDocument = async (
  portal: TestApp,
  target: Target,
  options: Parameters<typeof insertDocument>[2] extends infer O ? Partial<O> : never = {},
) => (await insertDocument(portal.db, portal.storage, { clinicNpi: npiFor(target), ...options })).id;
const documentRoute = (
  method: string,
  suffix: string,
  permission: PermissionName,
  success: number,
  options: { payload?: unknown; status?: string; type?: string } = {},
): RouteRule => ({
  access: { permission },
  success,
  document: true,
  otherClinic: 404,
  request: async ({ portal, target }) => {
    const id = await freshDocument(portal, target, {
      ...(options.status ? { status: options.status } : {}),
      ...(options.type ? { type: options.type } : {}),
    });
    return {
      method,
      url: `/api/reports/${id}${suffix}`,
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    };
  },
});
const bulkRoute = (
  method: string,
  url: string,
  permission: PermissionName,
  payload: (id: string) => unknown,
): RouteRule => ({
  access: { permission },
  success: 200,
  bulk: true,
  request: async ({ portal, target }) => ({
    method,
    url,
    payload: payload(await freshDocument(portal, target)),
  }),
});
const multipartForm = (fields: Record<string, string>, fileField: string, bytes: Uint8Array) =>
  uploadBody(fields, { field: fileField, name: 'r.pdf', bytes });

/** A notification of a user who is none of the callers. */
const strangersNotification = async (portal: TestApp) => {
  const stranger = await insertUser(portal.db, { clinicNpi: npiFor('own') });
  const row = await portal.db
    .insertInto('notifications')
    .values({ userId: stranger.id, type: 'info', title: 'Hello', text: 'Not yours.' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/** A fresh patient at the target clinic, with one OAC history entry. */
const freshPatient = (portal: TestApp, target: Target) =>
  insertPatient(portal.db, {
    clinicNpi: npiFor(target),
    fmId: `FM-${Math.random().toString(36).slice(2)}`,
    oacHistory: [
      {
        id: crypto.randomUUID(),
        medicationName: 'Apixaban',
        startDate: '2025-01-01',
        endDate: null,
        updatedBy: null,
        updatedAt: '2025-01-01T00:00:00.000Z',
      },
    ],
  });
const patientRoute = (
  method: string,
  suffix: (patient: Awaited<ReturnType<typeof freshPatient>> & { oacId: string }) => string,
  permission: 'patient:read' | 'patient:update' | 'patient:update-device',
  success: number,
  payload?: unknown,
): RouteRule => ({
  access: { permission },
  success,
  otherClinic: 404,
  ...(permission !== 'patient:read'
    ? { scoped: { readPermission: 'patient:read', actPermission: permission } as const }
    : {}),
  request: async ({ portal, target }) => {
    const patient = await freshPatient(portal, target);
    const row = await portal.db
      .selectFrom('patients')
      .select('oacHistory')
      .where('id', '=', patient.id)
      .executeTakeFirstOrThrow();
    const oacId = row.oacHistory[0]?.id ?? '';
    return {
      method,
      url: `/api/patients/clinics/${patient.clinicNpi}${suffix({ ...patient, oacId })}`,
      ...(payload !== undefined ? { payload } : {}),
    };
  },
});

/** A patient of the target clinic with a device that one of the seeded advisories touches. */
const freshAdvisoryPatient = (portal: TestApp, target: Target) =>
  insertPatient(portal.db, {
    clinicNpi: npiFor(target),
    deviceInfo: { manufacturer: 'MDT', model: 'Cobalt XT VR MRI SureScan', modelNumber: 'DVPA2D4' },
  }).then((patient) => patient.id);
const anyAdvisoryId = async (portal: TestApp) =>
  (await portal.db.selectFrom('manufacturerAdvisories').select('id').executeTakeFirstOrThrow()).id;

/** A submitted in-person device check of a fresh patient at the target clinic, its report unsigned. */
const freshDeviceCheck = async (portal: TestApp, target: Target) => {
  const patient = await freshPatient(portal, target);
  const documentId = await freshDocument(portal, target, { type: 'in-person-device-check' });
  const session = await portal.db
    .insertInto('deviceSessions')
    .values({
      clinicNpi: npiFor(target),
      patientRef: patient.id,
      deviceType: 'PM',
      kind: 'in-person',
      source: 'in-person-form',
      sessionDate: new Date(),
      leadConfiguration: 'dualLead',
      documentId,
      observations: 'Appropriate Device Function',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return session.id;
};

const randomSuffix = () => Math.random().toString(36).slice(2);

/** A GTIN-14 under GS1's demonstration prefix that no other request has used. */
const freshGtin = () => {
  serial += 1;
  const digits = `0952${String(serial).padStart(9, '0')}`;
  return `${digits}${gtinCheckDigit(digits)}`;
};
const deviceGtinUrl = (target: Target, gtin: string) =>
  `/api/patients/clinics/${npiFor(target)}/device-gtins/${gtin}`;

/** A study of a fresh patient at the target clinic (new and not sent, unless told). */
const freshStudy = async (
  portal: TestApp,
  target: Target,
  suite: 'sleep' | 'wcd' | 'abpm',
  options: { vendorReference?: string } = {},
) => {
  const patient = await freshPatient(portal, target);
  const studyId = await insertStudy(portal.db, {
    clinicNpi: npiFor(target),
    patientRef: patient.id,
    suite,
    ...(options.vendorReference
      ? { status: 'in-progress', pushState: 'sent', vendorReference: options.vendorReference }
      : {}),
  });
  return { patient, studyId };
};
const studyOrder = { orderingPhysicianNpi: FIXTURE_PHYSICIAN_NPI, orderingPhysicianName: 'Dr Orderer' };
/** A study route: 404 where the caller cannot read studies, 403 where they cannot do this. */
const studyRoute = (
  permission: 'study:create' | 'study:push' | 'study:cancel',
  success: number,
  request: RouteRule['request'],
): RouteRule => ({
  access: { permission },
  success,
  otherClinic: 404,
  scoped: { readPermission: 'study:read', actPermission: permission },
  request,
});
const studyListRoute = (request: RouteRule['request']): RouteRule => ({
  access: { permission: 'study:read' },
  success: 200,
  otherClinic: 404,
  request,
});

const ROUTES: Record<string, RouteRule> = {
  ...Object.fromEntries(
    (['sleep', 'wcd', 'abpm'] as const).map((suite) => [
      `GET /api/patients/clinics/:npi/${suite}-studies`,
      studyListRoute(async ({ target }) => ({
        method: 'GET',
        url: `/api/patients/clinics/${npiFor(target)}/${suite}-studies?status=new&page=1&size=5`,
      })),
    ]),
  ),
  ...Object.fromEntries(
    (['studies', 'wcd-studies', 'abpm-studies'] as const).map((list) => [
      `GET /api/patients/clinics/:npi/patients/:id/${list}`,
      studyListRoute(async ({ portal, target }) => ({
        method: 'GET',
        url: `/api/patients/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/${list}`,
      })),
    ]),
  ),
  'GET /api/patients/clinics/:npi/patients/:id/sleep-profile': studyListRoute(async ({ portal, target }) => {
    const { patient } = await freshStudy(portal, target, 'sleep');
    return {
      method: 'GET',
      url: `/api/patients/clinics/${npiFor(target)}/patients/${patient.id}/sleep-profile`,
    };
  }),
  'POST /api/patients/clinics/:npi/patients/:id/sleep-profile': studyRoute(
    'study:create',
    201,
    async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/patients/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/sleep-profile`,
      payload: { heightCm: 170, epworthScore: 12 },
    }),
  ),
  'PATCH /api/patients/clinics/:npi/patients/:id/sleep-profile': studyRoute(
    'study:create',
    200,
    async ({ portal, target }) => {
      const { patient } = await freshStudy(portal, target, 'sleep');
      return {
        method: 'PATCH',
        url: `/api/patients/clinics/${npiFor(target)}/patients/${patient.id}/sleep-profile`,
        payload: { weightKg: 82 },
      };
    },
  ),
  'POST /api/patients/clinics/:npi/patients/:id/sleep-profile/studies': studyRoute(
    'study:create',
    201,
    async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/patients/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/sleep-profile/studies`,
      payload: { ...studyOrder, nights: 2 },
    }),
  ),
  'POST /api/patients/clinics/:npi/patients/:id/sleep-profile/studies/:studyId': studyRoute(
    'study:create',
    200,
    async ({ portal, target }) => {
      const { patient, studyId } = await freshStudy(portal, target, 'sleep');
      return {
        method: 'POST',
        url: `/api/patients/clinics/${npiFor(target)}/patients/${patient.id}/sleep-profile/studies/${studyId}`,
        payload: { nights: 3 },
      };
    },
  ),
  'POST /api/patients/clinics/:npi/patients/:id/sleep-profile/current-study/cancel': studyRoute(
    'study:cancel',
    200,
    async ({ portal, target }) => {
      const { patient } = await freshStudy(portal, target, 'sleep');
      return {
        method: 'POST',
        url: `/api/patients/clinics/${npiFor(target)}/patients/${patient.id}/sleep-profile/current-study/cancel`,
      };
    },
  ),
  // SPEC §7's paths name the study alone; another clinic's study answers 404 all the same.
  'POST /api/patients/zoll/sleep-studies/:id/push': studyRoute(
    'study:push',
    202,
    async ({ portal, target }) => {
      await setClinicSetting(
        portal.db,
        'sleepGlobalOfficeId',
        { enabled: true, value: 'OFFICE-1' },
        npiFor(target),
      );
      const { studyId } = await freshStudy(portal, target, 'sleep');
      return {
        method: 'POST',
        url: `/api/patients/zoll/sleep-studies/${studyId}/push`,
      };
    },
  ),
  // This app talks to no Zoll: a study that was sent answers 502, saying the portal is not connected.
  'POST /api/patients/zoll/check-for-updates/:id': studyRoute(
    'study:push',
    502,
    async ({ portal, target }) => {
      const { studyId } = await freshStudy(portal, target, 'sleep', {
        vendorReference: `ZS-${randomSuffix()}`,
      });
      return {
        method: 'POST',
        url: `/api/patients/zoll/check-for-updates/${studyId}`,
      };
    },
  ),
  'POST /api/patients/clinics/:npi/patients/:id/wcd-studies': studyRoute(
    'study:create',
    201,
    async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/patients/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/wcd-studies`,
      payload: { ...studyOrder, studyType: 'MCT', durationDays: 14 },
    }),
  ),
  'POST /api/patients/clinics/:npi/patients/:id/abpm-studies': studyRoute(
    'study:create',
    201,
    async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/patients/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/abpm-studies`,
      payload: { ...studyOrder, durationHours: 24 },
    }),
  ),
  ...Object.fromEntries(
    (['wcd', 'abpm'] as const).map((suite) => [
      `PATCH /api/patients/clinics/:npi/patients/:id/${suite}-studies/:studyId`,
      studyRoute('study:create', 200, async ({ portal, target }) => {
        const { patient, studyId } = await freshStudy(portal, target, suite);
        return {
          method: 'PATCH',
          url: `/api/patients/clinics/${npiFor(target)}/patients/${patient.id}/${suite}-studies/${studyId}`,
          payload: { notes: 'Please call before shipping.' },
        };
      }),
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        ['wcd', 'infobionics/wcd-studies'],
        ['abpm', 'biobeat/abpm-studies'],
      ] as const
    ).map(([suite, path]) => [
      `POST /api/patients/clinics/:npi/${path}/:studyId/push`,
      studyRoute('study:push', 202, async ({ portal, target }) => {
        const { studyId } = await freshStudy(portal, target, suite);
        return { method: 'POST', url: `/api/patients/clinics/${npiFor(target)}/${path}/${studyId}/push` };
      }),
    ]),
  ),
  'POST /api/vendors/zoll/study-events': {
    access: { vendor: true },
    success: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/vendors/zoll/study-events',
      payload: {
        studyId: 'ZS-1',
        orderId: crypto.randomUUID(),
        status: 'scored',
        occurredAt: '2026-11-24T10:00:00Z',
      },
    }),
  },
  'POST /api/vendors/biobeat/abpm-results': {
    access: { vendor: true },
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/vendors/biobeat/abpm-results',
      payload: { sessionId: 'BB-1', externalId: crypto.randomUUID(), readings: [], pdfBase64: '' },
    }),
  },
  'GET /api/reports/:id/emr-delivery': documentRoute('GET', '/emr-delivery', 'document:read', 200),
  'GET /api/patients/clinics/:npi/overdue-transmissions': patientRoute(
    'GET',
    () => '/overdue-transmissions',
    'patient:read',
    200,
  ),
  'GET /api/patients/clinics/:npi/patients/:id/transmission-status': patientRoute(
    'GET',
    (patient) => `/patients/${patient.id}/transmission-status`,
    'patient:read',
    200,
  ),
  'GET /api/reports/metrics/alert-escalation': {
    access: { permission: 'metrics:read-escalations' },
    success: 200,
    request: async () => ({
      method: 'GET',
      url: '/api/reports/metrics/alert-escalation?when=all&page=1&size=5',
    }),
  },
  'GET /api/reports/metrics/clinic-activity/:npi': {
    access: { permission: 'metrics:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'GET',
      url: `/api/reports/metrics/clinic-activity/${npiFor(target)}?interval=week`,
    }),
  },
  'GET /api/reports/metrics/ticker': {
    access: { permission: 'metrics:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'GET',
      url: `/api/reports/metrics/ticker?clinicNpi=${npiFor(target)}`,
    }),
  },
  'GET /api/reports/metrics/clinics': {
    access: { permission: 'metrics:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/reports/metrics/clinics' }),
  },
  'GET /api/reports/admin/daily-report': {
    access: { permission: 'metrics:read-daily-report' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/reports/admin/daily-report' }),
  },
  'POST /api/reports/:id/internal-reviews': documentRoute(
    'POST',
    '/internal-reviews',
    'document:review-internally',
    201,
    { payload: { note: 'Looked at it: the clinic has it in hand.' } },
  ),
  'GET /api/reports/:id/internal-reviews': documentRoute('GET', '/internal-reviews', 'document:read', 200),
  'POST /api/reports/:id/emr-delivery/resend': documentRoute(
    'POST',
    '/emr-delivery/resend',
    'document:resend-to-emr',
    202,
    {
      status: 'signed',
    },
  ),
  'POST /api/reports/resend-signed-rpm-document/:id': {
    access: { permission: 'document:resend-to-emr' },
    success: 202,
    document: true,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/reports/resend-signed-rpm-document/${await freshDocument(portal, target, { type: 'rpm-report', status: 'signed' })}`,
    }),
  },
  // The in-person device check flag (and, for edits, editing technician review) is on at the demo clinic.
  'POST /api/reports/clinics/:npi/patients/:id/device-checks': {
    access: { permission: 'device-check:create' },
    success: 201,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'device-check:create' },
    request: async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/reports/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/device-checks`,
      payload: {
        deviceType: 'PM',
        leadConfiguration: 'singleLead',
        measurements: {
          MDC_IDC_MSMT_BATTERY_STATUS: 'BOS',
          MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 9.5,
          MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 0.75,
          MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 540,
        },
        observations: 'Appropriate Device Function',
      },
    }),
  },
  'POST /api/reports/clinics/:npi/patients/:id/device-checks/pdf-scrape': {
    access: { permission: 'device-check:create' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'device-check:create' },
    request: async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/reports/clinics/${npiFor(target)}/patients/${(await freshPatient(portal, target)).id}/device-checks/pdf-scrape`,
      payload: Buffer.from(await getSamplePdf()),
      contentType: 'application/pdf',
    }),
  },
  'PATCH /api/reports/clinics/:npi/device-checks/:sessionId': {
    access: { permission: 'device-check:edit' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'device-check:edit' },
    request: async ({ portal, target }) => ({
      method: 'PATCH',
      url: `/api/reports/clinics/${npiFor(target)}/device-checks/${await freshDeviceCheck(portal, target)}`,
      payload: { observations: 'Battery ERI' },
    }),
  },
  'GET /api/patients/advisories': {
    access: { permission: 'patient:read-advisories' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/patients/advisories' }),
  },
  'GET /api/patients/clinics/:npi/patients/:id/advisories': {
    access: { permission: 'patient:read-advisories' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'patient:read-advisories' },
    request: async ({ portal, target }) => ({
      method: 'GET',
      url: `/api/patients/clinics/${npiFor(target)}/patients/${await freshAdvisoryPatient(portal, target)}/advisories`,
    }),
  },
  'GET /api/patients/clinics/:npi/advisories/:advisoryId/patients.csv': {
    access: { permission: 'patient:read-advisories' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'patient:read-advisories' },
    request: async ({ portal, target }) => {
      await freshAdvisoryPatient(portal, target);
      return {
        method: 'GET',
        url: `/api/patients/clinics/${npiFor(target)}/advisories/${await anyAdvisoryId(portal)}/patients.csv`,
      };
    },
  },
  'GET /api/patients/clinics/:npi/search': {
    access: { permission: 'patient:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({ method: 'GET', url: `/api/patients/clinics/${npiFor(target)}/search` }),
  },
  'GET /api/patients/clinics/:npi/search/by-fm-id/:id': patientRoute(
    'GET',
    (patient) => `/search/by-fm-id/${patient.fmId}`,
    'patient:read',
    200,
  ),
  // The create-new-patients flag gates every role (on at the demo clinic).
  'POST /api/patients/clinics/:npi/patients': {
    access: { permission: 'patient:create' },
    success: 201,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'patient:create' },
    request: async ({ target }) => ({
      method: 'POST',
      url: `/api/patients/clinics/${npiFor(target)}/patients`,
      payload: {
        patientId: `MX-${nextCode()}`,
        firstName: 'Matrix',
        lastName: 'Patient',
        dob: '1950-01-01',
        confirmNotDuplicate: true,
      },
    }),
  },
  'GET /api/patients/clinics/:npi/patients/:id': patientRoute(
    'GET',
    (p) => `/patients/${p.id}`,
    'patient:read',
    200,
  ),
  'PATCH /api/patients/clinics/:npi/patients/:id': patientRoute(
    'PATCH',
    (p) => `/patients/${p.id}`,
    'patient:update',
    200,
    { middleName: 'Q' },
  ),
  'DELETE /api/patients/clinics/:npi/patients/:id': patientRoute(
    'DELETE',
    (p) => `/patients/${p.id}`,
    'patient:update',
    204,
  ),
  'GET /api/patients/clinics/:npi/patients/:id/events': patientRoute(
    'GET',
    (p) => `/patients/${p.id}/events`,
    'patient:read',
    200,
  ),
  'PUT /api/patients/clinics/:npi/patients/:id/supplimental-info': patientRoute(
    'PUT',
    (p) => `/patients/${p.id}/supplimental-info`,
    // Device information alone: the least this route allows (patient-record.int.test.ts has the rest).
    'patient:update-device',
    200,
    { deviceInfo: { manufacturer: 'MDT', model: 'Azure XT DR MRI SureScan', serialNumber: 'RNB100200S' } },
  ),
  'POST /api/patients/clinics/:npi/patients/:id/oac-history': patientRoute(
    'POST',
    (p) => `/patients/${p.id}/oac-history`,
    'patient:update',
    201,
    { medicationName: 'Warfarin', startDate: '2024-01-01', endDate: '2024-06-30' },
  ),
  'PUT /api/patients/clinics/:npi/patients/:id/oac-history/:oacId': patientRoute(
    'PUT',
    (p) => `/patients/${p.id}/oac-history/${p.oacId}`,
    'patient:update',
    200,
    { endDate: '2025-06-30' },
  ),
  'DELETE /api/patients/clinics/:npi/patients/:id/oac-history/:oacId': patientRoute(
    'DELETE',
    (p) => `/patients/${p.id}/oac-history/${p.oacId}`,
    'patient:update',
    200,
  ),
  'GET /api/patients/device-catalog': {
    access: { permission: 'patient:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/patients/device-catalog' }),
  },
  'GET /api/patients/clinics/:npi/device-gtins/:gtin': {
    access: { permission: 'patient:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({ method: 'GET', url: deviceGtinUrl(target, freshGtin()) }),
  },
  'PUT /api/patients/clinics/:npi/device-gtins/:gtin': {
    access: { permission: 'patient:update-device' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'patient:update-device' },
    request: async ({ target }) => ({
      method: 'PUT',
      url: deviceGtinUrl(target, freshGtin()),
      payload: { manufacturer: 'MDT', modelNumber: 'W1SR01' },
    }),
  },
  'DELETE /api/patients/clinics/:npi/device-gtins/:gtin': {
    access: { permission: 'patient:update-device' },
    success: 204,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'patient:update-device' },
    request: async ({ portal, target }) => {
      const gtin = freshGtin();
      await portal.db
        .insertInto('deviceGtinPairings')
        .values({ clinicNpi: npiFor(target), gtin, manufacturer: 'MDT', modelNumber: 'W1SR01' })
        .execute();
      return { method: 'DELETE', url: deviceGtinUrl(target, gtin) };
    },
  },
  'GET /api/reports': {
    access: { permission: 'document:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/reports' }),
  },
  'GET /api/reports/:id': documentRoute('GET', '', 'document:read', 200),
  'PATCH /api/reports/:id': documentRoute('PATCH', '', 'document:update', 200, {
    payload: { note: 'Reviewed.' },
  }),
  'PATCH /api/reports/:id/sign': documentRoute('PATCH', '/sign', 'document:sign', 200, { payload: {} }),
  'PATCH /api/reports/:id/acknowledge': documentRoute('PATCH', '/acknowledge', 'document:acknowledge', 200, {
    payload: {},
  }),
  'PATCH /api/reports/:id/unsign': documentRoute('PATCH', '/unsign', 'document:unsign', 200, {
    payload: { reason: 'Signed the wrong document.' },
    status: 'signed',
  }),
  'PATCH /api/reports/:id/lock': documentRoute('PATCH', '/lock', 'document:update', 200),
  'PATCH /api/reports/:id/unlock': documentRoute('PATCH', '/unlock', 'document:update', 200),
  'PATCH /api/reports/:id/pin': documentRoute('PATCH', '/pin', 'document:update', 200, {
    payload: { isPinned: true },
  }),
  'PATCH /api/reports/:id/set-download-state': documentRoute(
    'PATCH',
    '/set-download-state',
    'document:update',
    200,
    { payload: { isDownloaded: true } },
  ),
  'PATCH /api/reports/:id/hide': documentRoute('PATCH', '/hide', 'document:update', 200),
  'PATCH /api/reports/:id/unhide': documentRoute('PATCH', '/unhide', 'document:update', 200),
  'PATCH /api/reports/:id/system-error': documentRoute('PATCH', '/system-error', 'document:update', 200),
  'PATCH /api/reports/:id/undelete': documentRoute('PATCH', '/undelete', 'document:trash', 200),
  'DELETE /api/reports/:id/hard-delete': documentRoute('DELETE', '/hard-delete', 'document:hard-delete', 204),
  'GET /api/reports/blob-storage/:id': {
    ...documentRoute('GET', '', 'document:read', 200),
    request: async ({ portal, target }) => ({
      method: 'GET',
      url: `/api/reports/blob-storage/${await freshDocument(portal, target)}`,
    }),
  },
  'GET /api/reports/get-reports/:ids': {
    ...documentRoute('GET', '', 'document:read', 200),
    request: async ({ portal, target }) => ({
      method: 'GET',
      url: `/api/reports/get-reports/${await freshDocument(portal, target)}`,
    }),
  },
  'GET /api/reports/:id/comments': documentRoute('GET', '/comments', 'document:read', 200),
  'POST /api/reports/:id/comments': documentRoute('POST', '/comments', 'document:comment', 201, {
    payload: { text: 'Looks fine.' },
  }),
  'POST /api/reports/:id/report-problem': documentRoute('POST', '/report-problem', 'document:comment', 201, {
    payload: { text: 'Page 2 is blank.' },
  }),
  'PUT /api/reports/:id/comments/:commentId': {
    access: { permission: 'document:comment' },
    success: 200,
    document: true,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const id = await freshDocument(portal, target);
      const comment = await portal.db
        .insertInto('documentComments')
        .values({ documentId: id, authorId: 'auth0|demo-sysadmin', text: 'hello' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        method: 'PUT',
        url: `/api/reports/${id}/comments/${comment.id}`,
        payload: { reaction: 'LIKE' },
      };
    },
  },
  'DELETE /api/reports/:id/comments/:commentId': {
    access: { permission: 'document:comment' },
    success: 403,
    document: true,
    otherClinic: 404,
    // Only a comment's author may delete it; the callers here are not its author.
    request: async ({ portal, target }) => {
      const id = await freshDocument(portal, target);
      const comment = await portal.db
        .insertInto('documentComments')
        .values({ documentId: id, authorId: 'auth0|someone-else', text: 'hello' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `/api/reports/${id}/comments/${comment.id}` };
    },
  },
  'POST /api/reports/bulk-sign': bulkRoute('POST', '/api/reports/bulk-sign', 'document:bulk-sign', (id) => ({
    ids: [id],
  })),
  'POST /api/reports/sign': bulkRoute('POST', '/api/reports/sign', 'document:sign', (id) => ({ ids: [id] })),
  'POST /api/reports/reassign': bulkRoute('POST', '/api/reports/reassign', 'document:reassign', (id) => ({
    ids: [id],
    reassignTo: 'auth0|demo-provider',
  })),
  'POST /api/reports/bulk-update-note': bulkRoute(
    'POST',
    '/api/reports/bulk-update-note',
    'document:update',
    (id) => ({ ids: [id], note: 'x' }),
  ),
  'DELETE /api/reports': bulkRoute('DELETE', '/api/reports', 'document:trash', (id) => ({
    ids: [id],
    note: 'duplicate',
  })),
  'POST /api/reports': {
    access: { permission: 'document:ingest' },
    success: 201,
    otherClinic: 404,
    request: async ({ target }) => {
      const body = multipartForm(
        {
          clinicNpi: npiFor(target),
          type: 'rpm-report',
          serviceLine: 'rpm',
          dos: '2026-11-01T10:00:00Z',
          patientId: 'P1',
          patientFirstName: 'A',
          patientLastName: 'B',
        },
        'file',
        await getSamplePdf(),
      );
      return { method: 'POST', url: '/api/reports', payload: body.payload, contentType: body.contentType };
    },
  },
  'POST /api/device-data/hl7': {
    access: { permission: 'device-data:import' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'POST',
      url: '/api/device-data/hl7',
      payload: loadHl7Fixture('ilr', { clinicNpi: npiFor(target) }).text,
      contentType: 'application/hl7-v2',
    }),
  },
  'GET /api/device-data/messages': {
    access: { permission: 'device-data:import' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'GET',
      url: `/api/device-data/messages?clinicNpi=${npiFor(target)}`,
    }),
  },
  'GET /api/device-data/messages/:id/raw': {
    access: { permission: 'device-data:import' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const text = loadHl7Fixture('ilr', { clinicNpi: npiFor(target) }).text;
      const row = await portal.db
        .insertInto('deviceDataMessages')
        .values({
          clinicNpi: npiFor(target),
          receivedBy: 'auth0|matrix',
          sendingFacility: 'MATRIX',
          controlId: 'M1',
          raw: text,
          sha256: 'x',
          ack: 'MSH|^~\\&\rMSA|AA|M1\r',
          ackCode: 'AA',
          outcome: 'refused',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'GET', url: `/api/device-data/messages/${row.id}/raw` };
    },
  },
  'POST /api/reports/wcd': {
    access: { permission: 'document:ingest' },
    success: 201,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'POST',
      url: '/api/reports/wcd',
      payload: {
        attributes: {
          clinicNpi: npiFor(target),
          type: 'mcot-study',
          dos: '2026-11-01T10:00:00Z',
          patientId: 'P2',
          patientFirstName: 'C',
          patientLastName: 'D',
        },
        pdfBase64: Buffer.from(await getSamplePdf()).toString('base64'),
      },
    }),
  },
  'POST /api/reports/merge-pdfs': {
    access: { permission: 'document:read' },
    success: 200,
    request: async () => {
      const body = multipartForm({}, 'pdfFiles', await getSamplePdf());
      return {
        method: 'POST',
        url: '/api/reports/merge-pdfs',
        payload: body.payload,
        contentType: body.contentType,
      };
    },
  },
  'GET /api/customers/healthcheck': {
    access: { public: true },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/customers/healthcheck' }),
  },
  'GET /api/notifications/healthcheck': {
    access: { public: true },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/healthcheck' }),
  },
  'GET /api/notifications/in-app': {
    access: { authenticated: true },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/in-app' }),
  },
  // Someone else's notification: every signed-in caller gets 404 (their own are in notifications.int.test.ts).
  'PATCH /api/notifications/in-app/:id': {
    access: { authenticated: true },
    success: 404,
    request: async ({ portal }) => ({
      method: 'PATCH',
      url: `/api/notifications/in-app/${await strangersNotification(portal)}`,
      payload: { isRead: true },
    }),
  },
  'DELETE /api/notifications/in-app/:id': {
    access: { authenticated: true },
    success: 404,
    request: async ({ portal }) => ({
      method: 'DELETE',
      url: `/api/notifications/in-app/${await strangersNotification(portal)}`,
    }),
  },
  'POST /api/notifications/in-app/mark-all-as-read': {
    access: { authenticated: true },
    success: 200,
    request: async () => ({ method: 'POST', url: '/api/notifications/in-app/mark-all-as-read' }),
  },
  'POST /api/notifications/in-app/delete-all-read': {
    access: { authenticated: true },
    success: 200,
    request: async () => ({ method: 'POST', url: '/api/notifications/in-app/delete-all-read' }),
  },
  'POST /api/notifications/in-app': {
    access: { permission: 'notification:send' },
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/notifications/in-app',
      payload: { userIds: ['auth0|demo-nurse'], type: 'info', title: 'Maintenance', text: 'Tonight at 9.' },
    }),
  },
  'POST /api/notifications/in-app/test': {
    access: { authenticated: true },
    success: 201,
    request: async () => ({ method: 'POST', url: '/api/notifications/in-app/test' }),
  },
  'GET /api/notifications/preferences': {
    access: { authenticated: true },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/preferences' }),
  },
  'PATCH /api/notifications/preferences/in-app': {
    access: { authenticated: true },
    success: 200,
    request: async () => ({
      method: 'PATCH',
      url: '/api/notifications/preferences/in-app',
      payload: { enableDailyDigest: true },
    }),
  },
  // Global: only provider-company admins, whatever clinic is named (idempotent, so every caller may repeat it).
  'POST /api/patients/clinics/populate-patients': {
    access: { permission: 'patient:populate' },
    success: 200,
    request: async ({ target }) => ({
      method: 'POST',
      url: '/api/patients/clinics/populate-patients',
      payload: { clinicNpis: [npiFor(target)] },
    }),
  },
  'GET /api/notifications/email-outbox': {
    access: { permission: 'notification:send' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/email-outbox' }),
  },
  // A channel nobody may join: 403 to every signed-in caller (own channels are in realtime.int.test.ts).
  'POST /api/realtime/auth': {
    access: { authenticated: true },
    success: 403,
    request: async () => ({
      method: 'POST',
      url: '/api/realtime/auth',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'socket_id=1.1&channel_name=private-nobody',
    }),
  },
  'GET /api/config': {
    access: { public: true },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/config' }),
  },
  'GET /api/users/me': {
    access: { authenticated: true },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/users/me' }),
  },
  'GET /api/customers/organizations': {
    access: { permission: 'clinic:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/customers/organizations' }),
  },
  'GET /api/audit/verify': {
    access: { permission: 'audit:verify' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/audit/verify' }),
  },
  'GET /api/audit/documents/:id/events': {
    access: { permission: 'audit:verify' },
    success: 200,
    document: true,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'GET',
      url: `/api/audit/documents/${await freshDocument(portal, target)}/events`,
    }),
  },
  'POST /api/audit/seal': {
    access: { permission: 'audit:verify' },
    success: 200,
    request: async () => ({ method: 'POST', url: '/api/audit/seal' }),
  },
  'POST /api/customers/organizations': {
    access: { permission: 'clinic:create' },
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/customers/organizations',
      payload: { npi: nextNpi(), name: 'Matrix Clinic', code: nextCode() },
    }),
  },
  'GET /api/customers/organizations/:id': {
    access: { permission: 'clinic:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const clinic = await portal.db
        .selectFrom('organizations')
        .select('id')
        .where('npi', '=', npiFor(target))
        .executeTakeFirstOrThrow();
      return { method: 'GET', url: `/api/customers/organizations/${clinic.id}` };
    },
  },
  'PUT /api/customers/organizations/:id': {
    access: { permission: 'clinic:update-settings' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const clinic = await portal.db
        .selectFrom('organizations')
        .selectAll()
        .where('npi', '=', npiFor(target))
        .executeTakeFirstOrThrow();
      return {
        method: 'PUT',
        url: `/api/customers/organizations/${clinic.id}`,
        payload: {
          npi: clinic.npi,
          name: clinic.name,
          code: clinic.code,
          isActive: clinic.isActive,
          samlConnectionName: clinic.samlConnectionName,
        },
      };
    },
  },
  'DELETE /api/customers/organizations/:id': {
    access: { permission: 'clinic:delete' },
    success: 204,
    request: async ({ portal }) => {
      const clinic = await portal.db
        .insertInto('organizations')
        .values({ npi: nextNpi(), name: 'Disposable Clinic', code: nextCode() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `/api/customers/organizations/${clinic.id}` };
    },
  },
  'GET /api/customers/defaults/feature-flags': {
    access: { permission: 'clinic:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/customers/defaults/feature-flags' }),
  },
  'POST /api/customers/defaults/feature-flags': {
    access: { permission: 'defaults:manage' },
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/customers/defaults/feature-flags',
      payload: { name: `matrix${nextCode().replace(/\W/g, '')}`, title: 'Matrix', enabled: false },
    }),
  },
  'PUT /api/customers/defaults/feature-flags/:id': {
    access: { permission: 'defaults:manage' },
    success: 200,
    request: async ({ portal }) => {
      const name = `matrix${nextCode().replace(/\W/g, '')}`;
      const row = await portal.db
        .insertInto('featureFlagDefaults')
        .values({ name, title: 'Matrix', description: '', enabled: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        method: 'PUT',
        url: `/api/customers/defaults/feature-flags/${row.id}`,
        payload: { name, title: 'Renamed', enabled: true },
      };
    },
  },
  'DELETE /api/customers/defaults/feature-flags/:id': {
    access: { permission: 'defaults:manage' },
    success: 204,
    request: async ({ portal }) => {
      const name = `matrix${nextCode().replace(/\W/g, '')}`;
      const row = await portal.db
        .insertInto('featureFlagDefaults')
        .values({ name, title: 'Matrix', description: '', enabled: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `/api/customers/defaults/feature-flags/${row.id}` };
    },
  },
  'GET /api/customers/defaults/workflows': {
    access: { permission: 'clinic:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/customers/defaults/workflows' }),
  },
  'POST /api/customers/defaults/workflows': {
    access: { permission: 'defaults:manage' },
    success: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/customers/defaults/workflows',
      payload: {
        name: `matrix${nextCode().replace(/\W/g, '')}`,
        title: 'Matrix',
        enabled: false,
        valueType: 'string',
        value: 'x',
      },
    }),
  },
  'PUT /api/customers/defaults/workflows/:id': {
    access: { permission: 'defaults:manage' },
    success: 200,
    request: async ({ portal }) => {
      const name = `matrix${nextCode().replace(/\W/g, '')}`;
      const row = await portal.db
        .insertInto('workflowDefaults')
        .values({ name, title: 'Matrix', description: '', enabled: false, valueType: 'string', value: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        method: 'PUT',
        url: `/api/customers/defaults/workflows/${row.id}`,
        payload: { name, title: 'Renamed', enabled: true, valueType: 'string', value: 'x' },
      };
    },
  },
  'DELETE /api/customers/defaults/workflows/:id': {
    access: { permission: 'defaults:manage' },
    success: 204,
    request: async ({ portal }) => {
      const name = `matrix${nextCode().replace(/\W/g, '')}`;
      const row = await portal.db
        .insertInto('workflowDefaults')
        .values({ name, title: 'Matrix', description: '', enabled: false, valueType: 'string', value: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `/api/customers/defaults/workflows/${row.id}` };
    },
  },
  'GET /api/customers/clinics/:npi/signature-settings/:userId': {
    access: { permission: 'clinic:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'GET',
      url: `/api/customers/clinics/${npiFor(target)}/signature-settings/0`,
    }),
  },
  'PATCH /api/customers/clinics/:npi/signature-settings/:userId': {
    access: { permission: 'clinic:read' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'clinic:read', actPermission: 'clinic:update-settings' },
    request: async ({ target }) => ({
      method: 'PATCH',
      url: `/api/customers/clinics/${npiFor(target)}/signature-settings/0`,
      payload: { rpmSelectByDos: true },
    }),
  },
  'GET /api/customers/device-check-settings/:npi': {
    access: { permission: 'clinic:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'GET',
      url: `/api/customers/device-check-settings/${npiFor(target)}`,
    }),
  },
  'POST /api/customers/device-check-settings/:npi': {
    access: { permission: 'clinic:update-settings' },
    success: 201,
    otherClinic: 404,
    scoped: { readPermission: 'clinic:read', actPermission: 'clinic:update-settings' },
    request: async ({ portal, target }) => {
      await portal.db.deleteFrom('deviceCheckSettings').where('clinicNpi', '=', npiFor(target)).execute();
      return {
        method: 'POST',
        url: `/api/customers/device-check-settings/${npiFor(target)}`,
        payload: { observationPrompts: ['Battery ERI'] },
      };
    },
  },
  'PATCH /api/customers/device-check-settings/:npi': {
    access: { permission: 'clinic:update-settings' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'clinic:read', actPermission: 'clinic:update-settings' },
    request: async ({ portal, target }) => {
      await portal.db
        .insertInto('deviceCheckSettings')
        .values({ clinicNpi: npiFor(target), observationPrompts: 'Battery ERI' })
        .onConflict((conflict) => conflict.column('clinicNpi').doNothing())
        .execute();
      return {
        method: 'PATCH',
        url: `/api/customers/device-check-settings/${npiFor(target)}`,
        payload: { observationPrompts: ['Lead noise'] },
      };
    },
  },
  'DELETE /api/customers/device-check-settings/:npi': {
    access: { permission: 'clinic:update-settings' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'clinic:read', actPermission: 'clinic:update-settings' },
    request: async ({ target }) => ({
      method: 'DELETE',
      url: `/api/customers/device-check-settings/${npiFor(target)}`,
    }),
  },
  'GET /api/reports/clinics/:npi/patients/:id/longitudinal': {
    access: { permission: 'patient:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const patient = await freshPatient(portal, target);
      return {
        method: 'GET',
        url: `/api/reports/clinics/${patient.clinicNpi}/patients/${patient.id}/longitudinal/?deviceType=PM`,
      };
    },
  },
  'GET /api/reports/clinics/:npi/longitudinal-settings/:userId': {
    access: { permission: 'patient:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({
      method: 'GET',
      url: `/api/reports/clinics/${npiFor(target)}/longitudinal-settings/0`,
    }),
  },
  // The clinic's own settings; a user's (their own, or by a clinic admin) are told in their own test.
  'PUT /api/reports/clinics/:npi/longitudinal-settings/:userId': {
    access: { permission: 'patient:read' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'clinic:update-settings' },
    request: async ({ target }) => ({
      method: 'PUT',
      url: `/api/reports/clinics/${npiFor(target)}/longitudinal-settings/0`,
      payload: { comparisonMode: 'percentage' },
    }),
  },
  'DELETE /api/reports/clinics/:npi/longitudinal-settings/:userId': {
    access: { permission: 'patient:read' },
    success: 200,
    otherClinic: 404,
    scoped: { readPermission: 'patient:read', actPermission: 'clinic:update-settings' },
    request: async ({ target }) => ({
      method: 'DELETE',
      url: `/api/reports/clinics/${npiFor(target)}/longitudinal-settings/0`,
    }),
  },
  'GET /api/users': {
    access: { permission: 'user:read' },
    success: 200,
    request: async () => ({ method: 'GET', url: '/api/users' }),
  },
  'GET /api/users/clinics/:npi': {
    access: { permission: 'user:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({ method: 'GET', url: `/api/users/clinics/${npiFor(target)}` }),
  },
  'GET /api/users/clinics/:npi/providers': {
    access: { permission: 'user:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({ method: 'GET', url: `/api/users/clinics/${npiFor(target)}/providers` }),
  },
  'POST /api/users/create': {
    access: { permission: 'user:create' },
    success: 201,
    otherClinic: 403,
    request: async ({ target }) => ({
      method: 'POST',
      url: '/api/users/create',
      payload: newProfile(target),
    }),
  },
  'GET /api/users/:id': {
    access: { permission: 'user:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'GET',
      url: `/api/users/${(await freshUser(portal, target)).id}`,
    }),
  },
  'PUT /api/users/:id': {
    access: { permission: 'user:update' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const user = await freshUser(portal, target);
      return {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        payload: { ...newProfile(target), email: user.email },
      };
    },
  },
  'PATCH /api/users/:id': {
    access: { permission: 'user:update' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'PATCH',
      url: `/api/users/${(await freshUser(portal, target)).id}`,
      payload: { phone: '555-0100' },
    }),
  },
  'DELETE /api/users/:id': {
    access: { permission: 'user:delete' },
    success: 204,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'DELETE',
      url: `/api/users/${(await freshUser(portal, target)).id}`,
    }),
  },
  'POST /api/users/:id/lock-state': {
    access: { permission: 'user:lock' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/users/${(await freshUser(portal, target)).id}/lock-state`,
      payload: { isLocked: true },
    }),
  },
  'POST /api/users/:id/tickets/password-change': {
    access: { permission: 'user:password-ticket' },
    success: 201,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'POST',
      url: `/api/users/${(await freshUser(portal, target)).id}/tickets/password-change`,
      payload: { returnUrl: `${TEST_PUBLIC_URL}/` },
    }),
  },
  'GET /api/user-auth/clinics/:npi/users': {
    access: { permission: 'user:read' },
    success: 200,
    otherClinic: 404,
    request: async ({ target }) => ({ method: 'GET', url: `/api/user-auth/clinics/${npiFor(target)}/users` }),
  },
  'POST /api/user-auth/users': {
    access: { permission: 'user:create' },
    success: 201,
    otherClinic: 403,
    request: async ({ target }) => {
      const profile = newProfile(target);
      return {
        method: 'POST',
        url: '/api/user-auth/users',
        payload: {
          email: profile.email,
          firstName: 'Sam',
          lastName: 'L',
          clinics: profile.roles,
          samlConnectionName: 'acme',
        },
      };
    },
  },
  'PATCH /api/user-auth/users/updateUserByEmail/:email': {
    access: { permission: 'user:update' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => {
      const user = await freshUser(portal, target);
      return {
        method: 'PATCH',
        url: `/api/user-auth/users/updateUserByEmail/${user.email}`,
        payload: {
          email: user.email,
          firstName: 'Renamed',
          clinics: [{ role: 'nurse', clinicNPI: npiFor(target) }],
        },
      };
    },
  },
  'PATCH /api/user-auth/users/:email': {
    access: { permission: 'user:update' },
    success: 200,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'PATCH',
      url: `/api/user-auth/users/${(await freshUser(portal, target)).email}`,
      payload: { title: 'Dr.' },
    }),
  },
  'DELETE /api/user-auth/users/:id': {
    access: { permission: 'user:delete' },
    success: 204,
    otherClinic: 404,
    request: async ({ portal, target }) => ({
      method: 'DELETE',
      url: `/api/user-auth/users/${(await freshUser(portal, target)).id}`,
    }),
  },
};

function expectedStatus(
  rule: RouteRule,
  user: UserRow | null,
  target: Target,
  configuration: MergedClinicConfiguration,
): number {
  if ('public' in rule.access) return rule.success;
  if ('vendor' in rule.access) return 401;
  if (!user) return 401;
  if ('authenticated' in rule.access) return rule.success;
  const permission = rule.access.permission;
  if (!canAnywhere(user, permission)) return 403;
  if (rule.bulk) return rule.success;
  const npi = npiFor(target);
  if (rule.document) {
    if (!can(user, 'document:read', npi)) return 404;
    return can(user, permission, npi, configuration as never) ? rule.success : 403;
  }
  if (rule.scoped) {
    if (!can(user, rule.scoped.readPermission, npi)) return 404;
    // The clinic's configuration decides a flag-gated permission (patient:read-advisories).
    return can(user, rule.scoped.actPermission, npi, configuration as never) ? rule.success : 403;
  }
  if (!rule.otherClinic) return rule.success;
  return can(user, permission, npi) ? rule.success : rule.otherClinic;
}

describe('the role × route access matrix', () => {
  let portal: TestApp;
  const tokens = new Map<string, string>();
  const users = new Map<string, UserRow>();

  beforeAll(async () => {
    portal = await createTestApp();
    for (const email of DEMO_EMAILS) {
      tokens.set(email, (await signIn(portal.app, email)).accessToken);
      users.set(
        email,
        await portal.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow(),
      );
    }
  });
  afterAll(async () => {
    await portal.close();
  });

  it('has a rule, matching the server’s declaration, for every API route', () => {
    const routes = portal.app.registeredApiRoutes.filter((route) => !route.url.startsWith('/api/docs'));
    const missing = routes.map((route) => `${route.method} ${route.url}`).filter((key) => !(key in ROUTES));
    expect(missing, 'routes without an access rule in the matrix').toEqual([]);
    for (const route of routes) {
      const rule = ROUTES[`${route.method} ${route.url}`];
      if (!rule) continue;
      const declared = route.auth ? { [route.auth]: true } : { permission: route.permission };
      expect(declared, `${route.method} ${route.url}`).toEqual(rule.access);
    }
  });

  const callers = [null, ...DEMO_EMAILS] as const;
  for (const [key, rule] of Object.entries(ROUTES)) {
    for (const target of rule.otherClinic ? (['own', 'other'] as const) : (['own'] as const)) {
      it(`${key} at the ${target} clinic answers each role as the rules say`, async () => {
        const results: Record<string, { expected: number; actual: number }> = {};
        const configuration = await loadClinicConfiguration(portal.db, npiFor(target));
        for (const caller of callers) {
          const request = await rule.request({ portal, target });
          const response = await portal.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: {
              ...(caller ? { authorization: `Bearer ${tokens.get(caller)}` } : {}),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
          });
          results[caller ?? 'no token'] = {
            expected: expectedStatus(
              rule,
              caller ? (users.get(caller) ?? null) : null,
              target,
              configuration,
            ),
            actual: response.statusCode,
          };
        }
        const mismatches = Object.entries(results).filter(([, { expected, actual }]) => expected !== actual);
        expect(Object.fromEntries(mismatches)).toEqual({});
      });
    }
  }
});
