import {
  MAX_INPUT_DEPTH,
  nestsDeeperThan,
  TOO_DEEP_MESSAGE,
  VENDOR_DELIVERY_ID_HEADER,
  VENDOR_SIGNATURE_HEADER,
  verifyVendorSignature,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import type { Db } from '../db/transaction';
import { BadRequestError } from '../http/errors';
import { type AccessTokenVerifier, InvalidTokenError } from '../modules/identity/access-token-verifier';
import { findSignedInUser, type SessionRef } from '../modules/identity/live-sessions';
import { sendError } from '../plugins/error-handler';
import type { Actor } from './actor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'public': no token needed (healthchecks, /api/config); 'authenticated': any signed-in user (their own
     * profile). Every other API route names a permission.
     */
    auth?: 'public' | 'authenticated' | 'vendor';
    /** The permission a caller needs at some clinic to reach the route; the service checks the clinic itself. */
    permission?: string;
    /**
     * A vendor whose signed calls the route takes (VENDOR_PROTOCOLS.md): a request carrying
     * X-Vendor-Signature is checked against that vendor's secret instead of a bearer token. With
     * auth 'vendor' the signature is the only way in.
     */
    vendor?: VendorName;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The vendor whose signature this request carried, once checked; null for everyone else. */
    vendor: VendorName | null;
    /** The JSON body as sent, kept only for requests that carry a vendor signature. */
    rawBody?: string;
  }
}

export type VendorName = 'zoll' | 'infobionic' | 'biobeat';

export class MissingRouteRuleError extends Error {
  override name = 'MissingRouteRuleError';
}

function isApiRoute(url: string) {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

function challenge(reply: FastifyReply, description: string) {
  const escaped = description.replace(/["\\]/g, "'");
  reply.header(
    'WWW-Authenticate',
    `Bearer realm="portal", error="invalid_token", error_description="${escaped}"`,
  );
  return sendError(reply, 401, 'Authentication required');
}

/**
 * Every /api route except the public ones needs a valid bearer token. A route registered without a rule
 * (public or a permission) stops the server from starting, so no route is ever left open by accident.
 */
export const authenticatePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Db;
      verifyAccessToken: AccessTokenVerifier;
      /**
       * The claim naming the token's grant, for the embedded provider: a token whose grant was revoked
       * (sign-out, lock, refresh-token reuse) stops working at once. Unset for an external provider.
       */
      grantClaim?: string;
      canReach: (user: UserRow, permission: string) => boolean;
      /** Each vendor's callback secret; a vendor without one is refused. */
      vendorSecrets?: Partial<Record<VendorName, string>>;
    },
  ) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('vendor', null);

    // JSON as before, but a vendor-signed request keeps its raw text: the signature is over those bytes.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (request.headers[VENDOR_SIGNATURE_HEADER] !== undefined) request.rawBody = body as string;
      // A body nested deeper than MAX_INPUT_DEPTH is refused here, before any hook or handler walks it.
      parseJson(request, body as string, (error, parsed) => {
        if (error) return done(error, undefined);
        if (nestsDeeperThan(parsed, MAX_INPUT_DEPTH))
          return done(
            new BadRequestError(`Invalid body: ${TOO_DEEP_MESSAGE}`, [
              { field: 'body', message: TOO_DEEP_MESSAGE },
            ]),
            undefined,
          );
        done(null, parsed);
      });
    });

    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url)) return;
      const config = route.config as { auth?: string; permission?: string } | undefined;
      if (!config?.auth && !config?.permission) {
        throw new MissingRouteRuleError(
          `Route ${[route.method].flat().join(',')} ${route.url} has no access rule: set config.auth ('public' or 'authenticated') or config.permission.`,
        );
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply) => {
      const config = request.routeOptions.config;
      if (!isApiRoute(request.routeOptions.url ?? '') || config.auth === 'public') return;
      if (config.vendor && request.headers[VENDOR_SIGNATURE_HEADER] !== undefined) return; // checked below
      if (config.auth === 'vendor') return sendError(reply, 401, 'A vendor signature is required');

      const header = request.headers.authorization ?? '';
      const match = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header);
      if (!match?.[1]) return challenge(reply, 'A bearer token is required.');
      let session: SessionRef;
      try {
        const claims = await options.verifyAccessToken(match[1]);
        const grantId = options.grantClaim ? claims[options.grantClaim] : null;
        if (options.grantClaim && (typeof grantId !== 'string' || grantId === ''))
          return challenge(reply, 'The token names no sign-in.');
        session = { userId: claims.sub, grantId: typeof grantId === 'string' ? grantId : null };
      } catch (error) {
        return challenge(reply, error instanceof InvalidTokenError ? error.message : 'The token is invalid.');
      }
      const user = await findSignedInUser(options.db, session);
      if (!user) return challenge(reply, 'The account is unknown or locked, or the sign-in has ended.');
      request.actor = { id: user.id, user, session };

      if (config.permission && !options.canReach(user, config.permission)) {
        return sendError(reply, 403, `Cannot execute "${config.permission}" on ""`);
      }
    });

    // After parsing, so the signature is checked over the body as sent, and before validation, so an
    // unsigned body is refused without a word about its contents.
    app.addHook('preValidation', async (request, reply) => {
      const vendor = request.routeOptions.config.vendor;
      const header = request.headers[VENDOR_SIGNATURE_HEADER];
      if (!vendor || header === undefined || !isApiRoute(request.routeOptions.url ?? '')) return;
      const secret = options.vendorSecrets?.[vendor];
      if (!secret) return sendError(reply, 401, `Calls from ${vendor} are not configured`);
      // Issue 31 §3: every delivery names itself, and the signature covers the name, so a captured call
      // replayed under a new id fails its signature and one replayed as it was is a delivery already taken.
      const deliveryId = request.headers[VENDOR_DELIVERY_ID_HEADER];
      if (typeof deliveryId !== 'string' || deliveryId === '')
        return sendError(reply, 400, 'A vendor call needs its X-Vendor-Delivery-Id', [
          { field: VENDOR_DELIVERY_ID_HEADER, message: 'is required' },
        ]);
      const check = await verifyVendorSignature(secret, Array.isArray(header) ? header[0] : header, {
        deliveryId,
        rawBody: request.rawBody ?? '',
      });
      if (!check.ok) return sendError(reply, 401, check.reason);
      request.vendor = vendor;
    });
  },
);
