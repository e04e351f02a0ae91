import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TEST_DEMO_PASSWORD } from '../../test-support/database-templates';
import { findFreePort } from '../../test-support/server-process';
import { httpTransport, signInWith } from '../../test-support/sign-in';
import {
  createTestApp,
  createTestConfig,
  createTestDatabase,
  type TestApp,
} from '../../test-support/test-app';

// A second portal plays the external identity provider (any OpenID provider would do): the portal under
// test, configured with OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_AUDIENCE, must accept that provider's access tokens,
// refuse its own embedded provider, and tell the web app where to sign in.
describe('an external OpenID provider', () => {
  let provider: TestApp;
  let providerUrl: string;
  let portal: Awaited<ReturnType<typeof buildApp>>;
  let closePortalDatabase: () => Promise<void>;

  beforeAll(async () => {
    // The provider listens on a real port: the portal discovers its keys over HTTP.
    const port = await findFreePort();
    providerUrl = `http://127.0.0.1:${port}`;
    provider = await createTestApp({ env: { PUBLIC_URL: providerUrl } });
    await provider.app.listen({ port, host: '127.0.0.1' });

    const database = await createTestDatabase();
    closePortalDatabase = database.close;
    portal = await buildApp({
      config: createTestConfig({
        OIDC_ISSUER: `${providerUrl}/idp`,
        OIDC_CLIENT_ID: 'portal-web',
        OIDC_AUDIENCE: `${providerUrl}/api`,
      }),
      db: database.db,
      listen: database.listen,
    });
    await portal.ready();
  });
  afterAll(async () => {
    await portal.close();
    await closePortalDatabase();
    await provider.close();
  });

  it('tells the web app to sign in at the external provider', async () => {
    const response = await portal.inject({ method: 'GET', url: '/api/config' });
    expect(response.json().oidc).toEqual({
      authority: `${providerUrl}/idp`,
      clientId: 'portal-web',
      audience: `${providerUrl}/api`,
      scope: 'openid profile email offline_access',
      embedded: false,
    });
  });

  it('accepts the external provider’s access token for a user it knows', async () => {
    const tokens = await signInWith(
      httpTransport(providerUrl),
      providerUrl,
      'provider@example.org',
      TEST_DEMO_PASSWORD,
    );
    const me = await portal.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe('auth0|demo-provider');
  });

  it('does not run the embedded provider', async () => {
    const response = await portal.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });
});
