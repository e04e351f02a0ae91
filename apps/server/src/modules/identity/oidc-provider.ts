import { SIGNED_OUT_PARAM } from '@portal/domain';
import type { JWK } from 'jose';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../../db/database-unavailable';
import type { Db } from '../../db/transaction';
import { findUserById } from '../users/users.repository';
import { createOidcAdapterFactory } from './oidc-adapter';
import { escapeHtml, renderProviderPage } from './provider-pages';

export const PORTAL_CLIENT_ID = 'portal-web';
/** The access-token claim naming the grant (the sign-in) it was issued under. */
export const GRANT_CLAIM = 'gid';
/** The scope an access token for our API carries. */
export const API_SCOPE = 'api';

export type EmbeddedProviderOptions = {
  db: Db;
  publicUrl: string;
  apiAudience: string;
  signingKeys: JWK[];
  cookieKeys: string[];
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The embedded OpenID provider at {PUBLIC_URL}/idp: code flow with PKCE for the portal's public client. */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const { db, publicUrl, apiAudience } = options;
  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_name: 'Remote Monitoring Portal',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`, `${publicUrl}/auth/callback`],
      },
    ],
    jwks: { keys: options.signingKeys },
    cookies: {
      keys: options.cookieKeys,
      long: { signed: true, sameSite: 'lax', httpOnly: true },
      short: { signed: true, sameSite: 'lax', httpOnly: true },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'updated_at'],
    },
    // The portal reads the signed-in user from the ID token (SPEC §1), so it carries the profile claims.
    conformIdTokenClaims: false,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    pkce: { required: () => true },
    // Why the portal signed the user out (the idle logout), for the sign-in page to say so.
    extraParams: [SIGNED_OUT_PARAM],
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = renderProviderPage({
            title: 'Signing out',
            body: `${form}<p>Signing you out of the portal…</p>
              <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>`,
            // The form posts itself; a script file keeps the page within the no-inline-script policy.
            script: '/interaction-assets/auto-submit-logout.js',
          });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = renderProviderPage({
            title: 'Signed out',
            body: `<p>You are signed out.</p><p><a href="${publicUrl}/">Sign in again</a></p>`,
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== apiAudience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: apiAudience,
            accessTokenTTL: 15 * MINUTE,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Every token is bound to the sign-in session, so signing out revokes its grant: the refresh token
    // dies with it, and the API refuses access tokens whose grant is gone (the `gid` claim below).
    expiresWithSession: async () => true,
    extraTokenClaims: async (_ctx, token) =>
      'grantId' in token && typeof token.grantId === 'string' ? { [GRANT_CLAIM]: token.grantId } : undefined,
    // Refresh tokens rotate on every use; presenting a used one again revokes the whole grant.
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: 15 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: DAY,
      Session: DAY,
      RefreshToken: DAY,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The portal is the provider's only client and is first-party: grant its scopes without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid offline_access profile email');
      grant.addOIDCClaims([
        'sub',
        'email',
        'email_verified',
        'name',
        'given_name',
        'family_name',
        'updated_at',
      ]);
      grant.addResourceScope(apiAudience, API_SCOPE);
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const user = await findUserById(db, id);
      if (!user || user.isLocked) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          given_name: user.firstName,
          family_name: user.lastName,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
          updated_at: Math.floor(user.updatedAt.getTime() / 1000),
        }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderProviderPage({
        title: 'Sign-in problem',
        body: `<p>${escapeHtml(String(out.error_description ?? out.error ?? 'Something went wrong.'))}</p>
          <p><a href="${publicUrl}/">Back to the portal</a></p>`,
      });
    },
  };

  const provider = new Provider(`${publicUrl}/idp`, configuration);
  // Behind a TLS-terminating proxy, trust X-Forwarded-Proto so cookies and URLs say https.
  provider.proxy = true;
  // While the database is down or restarting, the provider's routes answer as the API's do: 503 with
  // Retry-After (OAuth's temporarily_unavailable), not a 500 server_error. The page or JSON is already set.
  provider.on('server_error', (ctx, error) => {
    if (!isDatabaseUnavailable(error)) return;
    ctx.status = 503;
    ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    if (ctx.type !== 'text/html')
      ctx.body = { error: 'temporarily_unavailable', error_description: DATABASE_UNAVAILABLE_MESSAGE };
  });
  return provider;
}
