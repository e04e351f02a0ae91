import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/test-app';

describe('the HTTP shell around every route', () => {
  let portal: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    // A stand-in build of the web app, so the SPA fallback can be checked without running Vite.
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Portal</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    portal = await createTestApp({ webDistDir });
  });
  afterAll(async () => {
    await portal.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers unknown API routes with a 404 in the error shape', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('answers a wrong method on the API with a 404 in the error shape, writing nothing', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/customers/healthcheck',
      payload: { x: 1 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it.each(['/api/customers/healthcheck', '/api/customers/healthcheck/', '/api/notifications/healthcheck/'])(
    'serves %s with or without the trailing slash',
    async (url) => {
      const response = await portal.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
    },
  );

  it('sends the security headers on every response, and no-store on the API', async () => {
    const api = await portal.app.inject({ method: 'GET', url: '/api/customers/healthcheck' });
    const page = await portal.app.inject({ method: 'GET', url: '/signature/dashboard/' });
    for (const response of [api, page]) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(api.headers['cache-control']).toBe('no-store');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app at the root', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves the single-page app for deep links, so a reload of the inbox works', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=any&assignedTo=any&idIn=42',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves fingerprinted assets with a long cache, and a missing asset as a 404', async () => {
    const asset = await portal.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await portal.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('publishes the OpenAPI document with every route and its schemas', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>
      >;
    };
    expect(document.openapi).toMatch(/^3\./);
    const listClinics = document.paths['/api/customers/organizations']?.get;
    expect(listClinics?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'rows', 'order', 'search', 'filter[isActive]']),
    );
    expect(Object.keys(listClinics?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    const apiRoutes = portal.app.registeredApiRoutes.filter((route) => !route.url.startsWith('/api/docs'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(3);
    for (const route of apiRoutes) {
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is documented`).toBeDefined();
      expect(
        Object.keys(operation?.responses ?? {}),
        `${route.method} ${route.url} has a 2xx schema`,
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^2/)]));
    }
  });

  it('documents the channel authorization as the form POST pusher-js sends', async () => {
    const document = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const content = document.paths['/api/realtime/auth']?.post?.requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(['application/x-www-form-urlencoded']);
  });

  it('serves the OpenAPI UI at /api/docs', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(response.statusCode);
  });
});
