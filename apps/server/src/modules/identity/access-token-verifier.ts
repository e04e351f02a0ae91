import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTPayload, jwtVerify } from 'jose';

export type AccessTokenVerifier = (token: string) => Promise<JWTPayload & { sub: string }>;

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Leeway for exp, nbf and iat (SPEC §9: 60 s). */
export const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies a bearer access token: RS256 only, signed by the issuer's keys, for our audience, within its
 * validity window. The embedded provider marks access tokens `typ: at+jwt`, so an ID token (typ JWT,
 * audience = the client) is refused twice over.
 */
export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: { local: { keys: JWK[] } } | { remoteJwksUrl: string };
  requiredTyp?: string;
}): AccessTokenVerifier {
  const getKey =
    'local' in options.keys
      ? createLocalJWKSet(options.keys.local)
      : createRemoteJWKSet(new URL(options.keys.remoteJwksUrl));
  return async (token) => {
    if (token.split('.').length !== 3) throw new InvalidTokenError('The token is not a JWT.');
    try {
      const { payload } = await jwtVerify(token, getKey, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
        ...(options.requiredTyp ? { typ: options.requiredTyp } : {}),
      });
      if (typeof payload.sub !== 'string' || payload.sub === '')
        throw new InvalidTokenError('The token has no subject.');
      const now = Math.floor(Date.now() / 1000);
      if (typeof payload.iat === 'number' && payload.iat > now + CLOCK_TOLERANCE_SECONDS) {
        throw new InvalidTokenError('The token was issued in the future.');
      }
      return payload as JWTPayload & { sub: string };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError((error as Error).message);
    }
  };
}
