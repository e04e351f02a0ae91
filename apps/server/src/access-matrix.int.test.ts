import { can, canAnywhere, type PermissionName } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from './db/schema';
import { DEMO_EMAILS, insertUser, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from './test-support/fixtures';
import { signIn } from './test-support/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './test-support/test-app';

type Target = 'own' | 'other';
type Request = { method: string; url: string; payload?: unknown };
type RouteRule = {
  /** What a route needs, as the server declares it. */
  access: { public: true } | { authenticated: true } | { permission: PermissionName };
  success: number;
  /** For a clinic-scoped route: how it answers at a clinic the caller may not act on. */
  otherClinic?: 403 | 404;
  /** Builds a fresh request aimed at the caller's own clinic or at another one. */
  request: (context: { portal: TestApp; target: Target }) => Promise<Request>;
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
const ROUTES: Record<string, RouteRule> = {
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

function expectedStatus(rule: RouteRule, user: UserRow | null, target: Target): number {
  if ('public' in rule.access) return rule.success;
  if (!user) return 401;
  if ('authenticated' in rule.access) return rule.success;
  const permission = rule.access.permission;
  if (!canAnywhere(user, permission)) return 403;
  if (!rule.otherClinic) return rule.success;
  return can(user, permission, npiFor(target)) ? rule.success : rule.otherClinic;
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
        for (const caller of callers) {
          const request = await rule.request({ portal, target });
          const response = await portal.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: caller ? { authorization: `Bearer ${tokens.get(caller)}` } : {},
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
          });
          results[caller ?? 'no token'] = {
            expected: expectedStatus(rule, caller ? (users.get(caller) ?? null) : null, target),
            actual: response.statusCode,
          };
        }
        const mismatches = Object.entries(results).filter(([, { expected, actual }]) => expected !== actual);
        expect(Object.fromEntries(mismatches)).toEqual({});
      });
    }
  }
});
