import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, refreshTokens, signIn } from '../../test-support/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';

describe('signing in through the embedded OpenID provider', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(async () => {
    await portal.close();
  });

  it('the provider signs in with code + PKCE and issues RS256 ID and access tokens with the portal claims', async () => {
    const tokens = await signIn(portal.app, 'provider@example.org');
    expect(decodeProtectedHeader(tokens.idToken)).toMatchObject({ alg: 'RS256' });
    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const id = decodeJwt(tokens.idToken);
    expect(id).toMatchObject({
      iss: `${TEST_PUBLIC_URL}/idp`,
      sub: 'auth0|demo-provider',
      email: 'provider@example.org',
      given_name: 'Paula',
      family_name: 'Reyes',
      name: 'Paula Reyes',
    });
    expect(id.updated_at).toBeTypeOf('number');
    expect(decodeJwt(tokens.accessToken)).toMatchObject({
      aud: `${TEST_PUBLIC_URL}/api`,
      sub: 'auth0|demo-provider',
    });
    expect(tokens.refreshToken).toBeTruthy();

    const me = await portal.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.attributes.email).toBe('provider@example.org');
    expect(me.json().allowedClinics).toHaveLength(1);
    // Each allowed clinic carries its id, so the web app loads its configuration in one call.
    const [clinic] = me.json().allowedClinics as { id: string; npi: string }[];
    const organization = await portal.app.inject({
      url: `/api/customers/organizations/${clinic?.id}`,
      headers: bearer(tokens),
    });
    expect(organization.json().npi).toBe(clinic?.npi);
  });

  it('refresh tokens rotate, and reusing an old one is refused', async () => {
    const tokens = await signIn(portal.app, 'nurse@example.org');
    const first = await refreshTokens(portal.app, tokens.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json() as { refresh_token: string; access_token: string };
    expect(rotated.refresh_token).not.toBe(tokens.refreshToken);
    const reused = await refreshTokens(portal.app, tokens.refreshToken);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('publishes its discovery document with S256 PKCE only', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: `${TEST_PUBLIC_URL}/idp`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });
});
