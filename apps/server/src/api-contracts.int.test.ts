import { API_RESPONSE_CONTRACTS, documentListPageSchema } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, insertPatient, OWN_CLINIC_NPI } from './test-support/fixtures';
import { signedInPortal } from './test-support/signed-in-portal';
import { createTestApp, type TestApp } from './test-support/test-app';

/** Issue 12 §1: every API shape is declared once, in the domain, and the server answers with it. */
describe('the API contract', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(async () => {
    await portal.close();
  });

  const routeKey = (method: string, url: string) => `${method} ${url}`;

  it('declares each contract on the route it names, as that route’s very 2xx schema', () => {
    const routes = new Map(
      portal.app.registeredApiRoutes.map((route) => [routeKey(route.method, route.url), route]),
    );
    expect(API_RESPONSE_CONTRACTS.length).toBeGreaterThan(0);
    for (const contract of API_RESPONSE_CONTRACTS) {
      const key = routeKey(contract.method, contract.path);
      const route = routes.get(key);
      expect(route, `${key} is a route`).toBeDefined();
      expect(route?.successResponse === contract.response, `${key} answers with its contract's schema`).toBe(
        true,
      );
    }
  });

  it('declares no route twice', () => {
    const keys = API_RESPONSE_CONTRACTS.map((contract) => routeKey(contract.method, contract.path));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('gives every route that declares a 2xx answer a contract', () => {
    const declared = new Set(
      API_RESPONSE_CONTRACTS.map((contract) => routeKey(contract.method, contract.path)),
    );
    const missing = portal.app.registeredApiRoutes
      .filter((route) => !route.url.startsWith('/api/docs') && route.successResponse !== undefined)
      .map((route) => routeKey(route.method, route.url))
      .filter((key) => !declared.has(key));
    expect(missing).toEqual([]);
  });
});

/**
 * Issue 18 §3: answers are written by serializers compiled from the contracts' JSON Schema, which coerce
 * rather than check. Here the portal runs as in production (no zod check of answers), and each real
 * answer of the GET routes, lists first, must parse with its contract to exactly what was sent: nothing
 * missing, nothing of the wrong type, nothing extra.
 */
describe('answers written by the compiled serializers', () => {
  const portal = signedInPortal(['provider', 'sysAdmin'], { checkResponses: false });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const patient = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      oacStatus: 'not-on-oac',
      medicalInfo: { hasAfibHistory: true },
      deviceInfo: { deviceType: 'PM', manufacturer: 'Medtronic', serialNumber: 'PJN123456' },
    });
    for (let n = 0; n < 3; n++) {
      const document = await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        patientRef: patient.id,
        alert: n === 0 ? 'high' : null,
      });
      await portal.db
        .updateTable('documents')
        .set({
          deviceDetail: JSON.stringify({
            manufacturer: 'Medtronic',
            serialNumber: 'PJN123456',
            extra: 'dropped',
          }),
          metadata: JSON.stringify({ keyResults: [{ label: 'Battery', value: '2.9 V' }], nested: { n } }),
          patientInfo: n === 1 ? JSON.stringify({ phone: null, tags: ['a'] }) : null,
        })
        .where('id', '=', document.id)
        .execute();
      ids.document = document.id;
    }
    const comment = await portal.as.provider.post(`/api/reports/${ids.document}/comments`, {
      text: 'Seen: battery fine.',
    });
    expect(comment.statusCode).toBe(201);
    ids.patient = patient.id;
  });

  /** The route's pattern with the fixtures' ids, or undefined when this test has no id of that kind. */
  const fill = (pattern: string): string | undefined => {
    const values: Record<string, string | undefined> = {
      npi: OWN_CLINIC_NPI,
      id: pattern.startsWith('/api/reports/')
        ? ids.document
        : pattern.includes('/patients/:id')
          ? ids.patient
          : undefined,
      ids: ids.document,
      userId: 'auth0|demo-provider',
    };
    const parts = pattern.split('/').map((part) => (part.startsWith(':') ? values[part.slice(1)] : part));
    return parts.includes(undefined) ? undefined : parts.join('/');
  };

  it('parses every GET answer with its contract to exactly the body sent', async () => {
    const answered: string[] = [];
    for (const contract of API_RESPONSE_CONTRACTS.filter((candidate) => candidate.method === 'GET')) {
      const url = fill(contract.path);
      if (!url) continue;
      let response = await portal.as.provider.get(url);
      if (response.statusCode !== 200) response = await portal.as.sysAdmin.get(url);
      if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('json')) continue;
      const body: unknown = response.json();
      const parsed = contract.response.safeParse(body);
      expect(parsed.error, `${contract.path} answers within its contract`).toBeUndefined();
      expect(parsed.data, `${contract.path} answers nothing beyond its contract`).toEqual(body);
      answered.push(contract.path);
    }
    // The lists among them, each with rows.
    expect(answered).toEqual(
      expect.arrayContaining([
        '/api/reports',
        '/api/reports/:id',
        '/api/reports/:id/comments',
        '/api/users',
        '/api/users/me',
        '/api/customers/organizations',
        '/api/notifications/in-app',
        '/api/reports/metrics/clinics',
      ]),
    );
  });

  it('writes the inbox page as the contract declares it, extra stored fields left out', async () => {
    const response = await portal.as.provider.get(`/api/reports?filter[clinicNpi]=${OWN_CLINIC_NPI}`);
    const page = documentListPageSchema.parse(response.json());
    const document = page.data.find((row) => row.id === ids.document);
    expect(document?.attributes.deviceDetail).toEqual({
      manufacturer: 'Medtronic',
      serialNumber: 'PJN123456',
    });
    expect(document?.attributes.metadata).toEqual({
      keyResults: [{ label: 'Battery', value: '2.9 V' }],
      nested: { n: 2 },
    });
    expect(document?.attributes.patientIsAfWithoutOac).toBe(true);
    expect(page.metadata).toEqual({ totalCount: 3, totalCountIsLowerBound: false, limit: 50, offset: 0 });
  });
});
