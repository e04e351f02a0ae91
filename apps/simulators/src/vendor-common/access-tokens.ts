import { randomBytes } from 'node:crypto';

// OAuth 2.0 client credentials (RFC 6749 §4.4), as every vendor API in VENDOR_PROTOCOLS.md asks: one client
// id and secret per simulator, bearer tokens that expire after `expires_in` seconds.

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

export function createAccessTokenStore({
  lifetimeSeconds,
  now,
}: {
  lifetimeSeconds: number;
  now: () => number;
}) {
  const expiries = new Map<string, number>();

  function sweep(): void {
    const at = now();
    for (const [token, expiresAt] of expiries) if (expiresAt <= at) expiries.delete(token);
  }

  return {
    lifetimeSeconds,

    issue(): string {
      sweep();
      const token = randomBytes(24).toString('base64url');
      expiries.set(token, now() + lifetimeSeconds * 1000);
      return token;
    },

    /** True while the token is one this simulator issued and it has not expired. */
    isValid(token: string): boolean {
      const expiresAt = expiries.get(token);
      if (expiresAt === undefined) return false;
      if (expiresAt <= now()) {
        expiries.delete(token);
        return false;
      }
      return true;
    },

    /** Forgets every token, as a vendor rotating its keys would. */
    expireAll(): void {
      expiries.clear();
    },
  };
}

export type AccessTokenStore = ReturnType<typeof createAccessTokenStore>;

/** The client's credentials from a form body, or from HTTP Basic (RFC 6749 §2.3.1 allows either). */
export function clientCredentialsOf(
  form: Record<string, string>,
  authorization: string | undefined,
): { clientId: string; clientSecret: string } | null {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  }
  const clientId = form.client_id;
  const clientSecret = form.client_secret;
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret };
}

export function bearerTokenOf(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}
