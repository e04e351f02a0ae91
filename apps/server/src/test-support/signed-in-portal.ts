import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { bearer, signIn, type Tokens } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

/** The demo accounts (README), by the name a test calls them. */
export const DEMO_ACCOUNTS = {
  provider: 'provider@example.org',
  nurse: 'nurse@example.org',
  readOnly: 'readonly@example.org',
  deviceTech: 'devicetech@example.org',
  clinicAdmin: 'clinicadmin@example.org',
  irhAdmin: 'irhadmin@example.org',
  sysAdmin: 'sysadmin@example.org',
  irhTech: 'irhtech@example.org',
  irhReporting: 'irhreporting@example.org',
  irhFinance: 'irhfinance@example.org',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

type Request = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

/** One signed-in user's requests: each carries the user's access token. */
export type Caller = {
  tokens: Tokens;
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: object) => Promise<LightMyRequestResponse>;
  put: (url: string, payload?: object) => Promise<LightMyRequestResponse>;
  patch: (url: string, payload?: object) => Promise<LightMyRequestResponse>;
  delete: (url: string, payload?: object) => Promise<LightMyRequestResponse>;
  /** For a method chosen at run time. */
  send: (method: HTTPMethods, url: string, payload?: object) => Promise<LightMyRequestResponse>;
  /** Any request (a multipart upload, extra headers), with the token added. */
  inject: (request: Request) => Promise<LightMyRequestResponse>;
};

export type SignedInPortal<A extends DemoAccount> = TestApp & {
  /** `portal.as.provider.post(url, body)`: a request as that demo account. */
  as: Record<A, Caller>;
};

function callerFor(app: TestApp['app'], tokens: Tokens): Caller {
  const inject = (request: Request) =>
    app.inject({ ...request, headers: { ...request.headers, ...bearer(tokens) } } as InjectOptions);
  const send = (method: HTTPMethods, url: string, payload?: object) =>
    inject({ method, url, ...(payload ? { payload } : {}) });
  return {
    tokens,
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload),
    put: (url, payload) => send('PUT', url, payload),
    patch: (url, payload) => send('PATCH', url, payload),
    delete: (url, payload) => send('DELETE', url, payload),
    send,
    inject,
  };
}

/**
 * The whole application over a fresh test database, with the named demo accounts signed in through the
 * real sign-in flow. Call it once at the top of a describe block: it starts the portal before the block's
 * tests (before the block's own beforeAll hooks) and closes it after them.
 *
 *   const portal = signedInPortal(['provider', 'nurse']);
 *   it('the provider signs', async () => {
 *     expect((await portal.as.provider.patch(`/api/reports/${id}/sign`, { note })).statusCode).toBe(200);
 *   });
 */
export function signedInPortal<const A extends DemoAccount>(
  accounts: readonly A[],
  options: Parameters<typeof createTestApp>[0] = {},
): SignedInPortal<A> {
  let started: SignedInPortal<A> | undefined;
  beforeAll(async () => {
    const testApp = await createTestApp(options);
    // One after another, in the order given, so what sign-in writes (audit events, last sign-in) is the
    // same on every run.
    const as = {} as Record<A, Caller>;
    for (const account of accounts) {
      as[account] = callerFor(testApp.app, await signIn(testApp.app, DEMO_ACCOUNTS[account]));
    }
    started = { ...testApp, as };
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): SignedInPortal<A> => {
    if (!started) throw new Error('the portal starts in beforeAll: use it inside a test or a hook');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get storage() {
      return current().storage;
    },
    get db() {
      return current().db;
    },
    get engine() {
      return current().engine;
    },
    get as() {
      return current().as;
    },
    close: () => current().close(),
  };
}
