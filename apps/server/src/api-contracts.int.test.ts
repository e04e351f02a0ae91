import { API_RESPONSE_CONTRACTS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
