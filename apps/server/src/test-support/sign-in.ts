import { createHash, randomBytes } from 'node:crypto';
import type { App } from '../app';
import { PORTAL_CLIENT_ID } from '../modules/identity/oidc-provider';
import { TEST_PUBLIC_URL } from './constants';
import { TEST_DEMO_PASSWORD } from './database-templates';

type TransportResponse = {
  statusCode: number;
  location: string | undefined;
  cookies: { name: string; value: string }[];
  body: string;
};
export type Transport = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<TransportResponse>;

/** Requests through app.inject (integration tests) … (`extraHeaders` go on every request: a proxy's, say) */
export function injectTransport(app: App, extraHeaders: Record<string, string> = {}): Transport {
  return async ({ method, url, headers, payload }) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...headers, ...extraHeaders },
      ...(payload !== undefined ? { payload } : {}),
    });
    return {
      statusCode: response.statusCode,
      location: response.headers.location as string | undefined,
      cookies: response.cookies as { name: string; value: string }[],
      body: response.body,
    };
  };
}

/** … or over HTTP to a running server process (`onResponse` sees each answer: its headers, say). */
export function httpTransport(
  baseUrl: string,
  extraHeaders: Record<string, string> = {},
  onResponse: (response: Response) => void = () => {},
): Transport {
  return async ({ method, url, headers, payload }) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...headers, ...extraHeaders },
      body: payload,
      redirect: 'manual',
    });
    onResponse(response);
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim() };
    });
    return {
      statusCode: response.status,
      location: response.headers.get('location') ?? undefined,
      cookies,
      body: await response.text(),
    };
  };
}

/** A tiny cookie jar for driving the provider's browser flow. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: TransportResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function pathOf(location: string): string {
  const url = new URL(location, 'http://any.host');
  return `${url.pathname}${url.search}`;
}

export type Tokens = {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  /** The provider's session cookies, as a browser would keep them: signing out needs them. */
  cookies: string;
};

/**
 * Signs in through the embedded provider exactly as the web app does: authorization code with PKCE,
 * the real login form, then the token endpoint. Returns the tokens, or throws with what went wrong.
 */
export async function signIn(app: App, email: string, password = TEST_DEMO_PASSWORD): Promise<Tokens> {
  return signInWith(injectTransport(app), TEST_PUBLIC_URL, email, password);
}

export async function signInWith(
  send: Transport,
  publicUrl: string,
  email: string,
  password: string,
): Promise<Tokens> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${publicUrl}/auth/callback`;
  const state = randomBytes(8).toString('hex');
  const authorize = new URLSearchParams({
    client_id: PORTAL_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
    resource: `${publicUrl}/api`,
  });

  const follow = async (method: 'GET' | 'POST', url: string, payload?: Record<string, string>) => {
    const response = await send({
      method,
      url,
      headers: {
        cookie: jar.header(),
        ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload ? { payload: new URLSearchParams(payload).toString() } : {}),
    });
    jar.store(response);
    return response;
  };

  let response = await follow('GET', `/idp/auth?${authorize}`);
  const interaction = response.location;
  if (response.statusCode !== 303 || !interaction)
    throw new Error(`authorize answered ${response.statusCode}: ${response.body}`);
  response = await follow('GET', pathOf(interaction));
  const uid = pathOf(interaction).split('/')[2];
  response = await follow('POST', `/interaction/${uid}/login`, { email, password });
  if (response.statusCode !== 303) throw new SignInFailedError(response.statusCode, response.body);

  // Back through the provider to the callback with a code.
  let location = response.location;
  for (let hop = 0; hop < 5 && location && !location.startsWith(redirectUri); hop++) {
    response = await follow('GET', pathOf(location));
    location = response.location;
  }
  if (!location?.startsWith(redirectUri))
    throw new Error(`no redirect to the callback: ${response.statusCode} ${response.body}`);
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`bad callback ${location}`);

  const token = await send({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token endpoint answered ${token.statusCode}: ${token.body}`);
  const body = JSON.parse(token.body) as {
    access_token: string;
    id_token: string;
    refresh_token: string;
    expires_in: number;
  };
  return {
    accessToken: body.access_token,
    idToken: body.id_token,
    refreshToken: body.refresh_token,
    expiresIn: body.expires_in,
    cookies: jar.header(),
  };
}

/**
 * Signs out as the web app does (RP-initiated logout): the end-session page with the ID token, then its
 * confirmation form with the session's cookies. Returns the confirmation's status.
 */
export async function signOut(app: App, tokens: Tokens): Promise<number> {
  const query = new URLSearchParams({
    id_token_hint: tokens.idToken,
    post_logout_redirect_uri: `${TEST_PUBLIC_URL}/`,
  });
  const page = await app.inject({
    method: 'GET',
    url: `/idp/session/end?${query}`,
    headers: { cookie: tokens.cookies },
  });
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!xsrf) throw new Error(`the end-session page answered ${page.statusCode} without a form`);
  const confirm = await app.inject({
    method: 'POST',
    url: '/idp/session/end/confirm',
    headers: { cookie: tokens.cookies, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  return confirm.statusCode;
}

export class SignInFailedError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`sign-in failed with ${statusCode}`);
  }
}

/** Exchanges a refresh token, as silent renewal does. */
export async function refreshTokens(app: App, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: refreshToken,
    }).toString(),
  });
}

export function bearer(tokens: Pick<Tokens, 'accessToken'> | string) {
  return { authorization: `Bearer ${typeof tokens === 'string' ? tokens : tokens.accessToken}` };
}

/** Exchanges a refresh token with a running server over HTTP. */
export async function refreshOverHttp(baseUrl: string, refreshToken: string) {
  const response = await fetch(`${baseUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: refreshToken,
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { access_token?: string; error?: string },
  };
}
