import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  bearerTokenOf,
  clientCredentialsOf,
  createAccessTokenStore,
} from './access-tokens';
import {
  createIdempotencyStore,
  IDEMPOTENCY_KEY_TTL_MS,
  isValidIdempotencyKey,
  type StoredAnswer,
} from './idempotency';
import { type AdvanceRequest, advanceRequestSchema } from './study-clock';
import {
  createVendorFaultInjector,
  type VendorFaults,
  type VendorFaultsInForce,
  vendorFaultsSchema,
} from './vendor-faults';

// What every vendor simulator shares (VENDOR_PROTOCOLS.md, "What every vendor API shares" and
// "Simulators"): a Fastify app with the OAuth token endpoint and the bearer check in front of the vendor's
// API, idempotency keys, request faults, and the control endpoints under /_simulator/. Each vendor adds
// its own routes and answers.

export const TOKEN_PATH = '/oauth/token';
const CONTROL_PREFIX = '/_simulator/';

/** An error answer in the vendor's own shape: `{error, message}` JSON, or a FHIR OperationOutcome. */
export type ErrorAnswer = (status: number, code: string, message: string) => StoredAnswer;

export const jsonErrorAnswer: ErrorAnswer = (status, code, message) => ({
  status,
  body: { error: code, message },
  contentType: 'application/json; charset=utf-8',
});

export function jsonAnswer(status: number, body: unknown): StoredAnswer {
  return { status, body, contentType: 'application/json; charset=utf-8' };
}

const FAULT_CODES: Record<number, string> = {
  500: 'server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export type VendorAppOptions<Faults extends VendorFaults> = {
  /** The vendor's name, in messages. */
  vendor: string;
  clientId: string;
  clientSecret: string;
  now: () => number;
  tokenLifetimeSeconds?: number;
  logger?: boolean | { level: string };
  /** The largest request body, in bytes (Fastify's 1 MiB unless given). */
  bodyLimit?: number;
  errorAnswer?: ErrorAnswer;
  /** The faults the control endpoint takes: the common ones, or the vendor's superset of them. */
  faultsSchema?: z.ZodType<Faults>;
  /** The vendor's own part of a fault change, after the common part is applied. */
  applyOwnFaults?: (faults: Faults) => void;
  clearOwnFaults?: () => void;
  ownFaultsInForce?: () => Record<string, unknown>;
  stats: () => Record<string, unknown>;
  /** POST /_simulator/advance; null when the id names nothing. */
  advance?: (request: AdvanceRequest) => Record<string, unknown> | null;
};

export function createVendorApp<Faults extends VendorFaults = VendorFaults>(
  options: VendorAppOptions<Faults>,
) {
  const errorAnswer = options.errorAnswer ?? jsonErrorAnswer;
  const tokens = createAccessTokenStore({
    lifetimeSeconds: options.tokenLifetimeSeconds ?? ACCESS_TOKEN_LIFETIME_SECONDS,
    now: options.now,
  });
  const idempotency = createIdempotencyStore({ ttlMs: IDEMPOTENCY_KEY_TTL_MS, now: options.now });
  const faults = createVendorFaultInjector({ expireTokens: () => tokens.expireAll() });
  const counts = { requests: 0, tokensIssued: 0, replays: 0 };
  const faultsSchema = (options.faultsSchema ?? vendorFaultsSchema) as z.ZodType<Faults>;

  // Closing the simulator ends kept-alive and delayed requests at once rather than waiting for them.
  const app = Fastify({
    logger: options.logger ?? false,
    forceCloseConnections: true,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  });

  // An empty JSON body (a cancel without one) is no body, not an error.
  app.addContentTypeParser(
    ['application/json', 'application/fhir+json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('The request body is not JSON'), { statusCode: 400 }), undefined);
      }
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  function send(reply: FastifyReply, answer: StoredAnswer) {
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  }

  function sendError(reply: FastifyReply, status: number, code: string, message: string) {
    return send(reply, errorAnswer(status, code, message));
  }

  function controlError(reply: FastifyReply, statusCode: number, message: string) {
    return reply
      .code(statusCode)
      .send({ statusCode, error: statusCode === 404 ? 'Not Found' : 'Error', message });
  }

  app.setErrorHandler((error, request, reply) => {
    const statusCode = statusCodeOf(error);
    const message =
      statusCode < 500 && error instanceof Error
        ? error.message
        : 'The simulator could not answer this request';
    if (statusCode >= 500) request.log.error({ err: error }, 'Simulator failure');
    if (request.url.startsWith(CONTROL_PREFIX)) return controlError(reply, statusCode, message);
    // The token endpoint speaks OAuth's JSON whatever the vendor's API speaks.
    if (request.url.split('?')[0] === TOKEN_PATH) {
      return reply
        .code(statusCode)
        .send({ error: statusCode < 500 ? 'invalid_request' : 'server_error', message });
    }
    const code =
      statusCode === 413
        ? 'payload_too_large'
        : statusCode === 415
          ? 'unsupported_media_type'
          : statusCode < 500
            ? 'invalid_request'
            : 'server_error';
    return sendError(reply, statusCode, code, message);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(CONTROL_PREFIX)) return controlError(reply, 404, 'Unknown control path');
    return sendError(
      reply,
      404,
      'not_found',
      `${options.vendor} has no ${request.method} ${request.url.split('?')[0]}`,
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(CONTROL_PREFIX)) return;
    counts.requests++;
    const isTokenRequest = request.url.split('?')[0] === TOKEN_PATH;
    if (!isTokenRequest || faults.reachesTokenEndpoint()) {
      const outcome = faults.next();
      if (outcome.delayMs > 0) await waitUnlessClientLeaves(outcome.delayMs, reply);
      if (request.raw.socket.destroyed) {
        reply.hijack();
        return;
      }
      if (outcome.kind === 'drop') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (outcome.kind === 'fail') {
        return sendError(
          reply,
          outcome.status,
          FAULT_CODES[outcome.status] ?? 'server_error',
          `${options.vendor} is failing on purpose (simulated fault)`,
        );
      }
    }
    if (isTokenRequest) return;
    const token = bearerTokenOf(request.headers.authorization);
    if (!token || !tokens.isValid(token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', message: 'The access token is missing, unknown or expired' });
    }
  });

  const formSchema = z.record(z.string(), z.string());

  app.post(TOKEN_PATH, async (request, reply) => {
    const form = formSchema.safeParse(request.body);
    if (
      !/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '') ||
      !form.success
    ) {
      return reply.code(400).send({
        error: 'invalid_request',
        message: 'The token request must be form-encoded (application/x-www-form-urlencoded)',
      });
    }
    if (form.data.grant_type !== 'client_credentials') {
      return reply.code(400).send({
        error: 'unsupported_grant_type',
        message: 'Only grant_type=client_credentials is supported',
      });
    }
    const credentials = clientCredentialsOf(form.data, request.headers.authorization);
    if (
      !credentials ||
      credentials.clientId !== options.clientId ||
      credentials.clientSecret !== options.clientSecret
    ) {
      return reply.code(401).send({ error: 'invalid_client', message: 'The client id or secret is wrong' });
    }
    counts.tokensIssued++;
    return reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ access_token: tokens.issue(), token_type: 'Bearer', expires_in: tokens.lifetimeSeconds });
  });

  function faultsInForce(): VendorFaultsInForce & Record<string, unknown> {
    return { ...faults.inForce(), ...options.ownFaultsInForce?.() };
  }

  function applyFaults(change: Faults): void {
    faults.apply(change);
    options.applyOwnFaults?.(change);
  }

  function clearFaults(): void {
    faults.clear();
    options.clearOwnFaults?.();
  }

  app.get('/_simulator/faults', async () => faultsInForce());

  app.post('/_simulator/faults', async (request, reply) => {
    const parsed = faultsSchema.safeParse(request.body ?? {});
    if (!parsed.success) return controlError(reply, 400, problemsOf(parsed.error, 'body'));
    applyFaults(parsed.data);
    return faultsInForce();
  });

  app.delete('/_simulator/faults', async () => {
    clearFaults();
    return faultsInForce();
  });

  app.get('/_simulator/stats', async () => options.stats());

  if (options.advance) {
    const advance = options.advance;
    app.post('/_simulator/advance', async (request, reply) => {
      const parsed = advanceRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) return controlError(reply, 400, problemsOf(parsed.error, 'body'));
      const result = advance(parsed.data);
      if (!result) return controlError(reply, 404, `No study '${parsed.data.id}'`);
      return result;
    });
  }

  /**
   * Answers a creating or changing POST through its Idempotency-Key: the first accepted answer is kept for
   * 24 hours and replayed for the same key and body; another body with that key is 422.
   */
  async function answerIdempotently(
    request: FastifyRequest,
    reply: FastifyReply,
    { required }: { required: boolean },
    handle: () => Promise<StoredAnswer>,
  ) {
    const key = request.headers['idempotency-key'];
    if (key === undefined) {
      if (required) {
        return sendError(reply, 400, 'idempotency_key_required', 'This call needs an Idempotency-Key header');
      }
      return send(reply, await handle());
    }
    if (typeof key !== 'string' || !isValidIdempotencyKey(key)) {
      return sendError(
        reply,
        400,
        'invalid_idempotency_key',
        'The Idempotency-Key header must be 1 to 200 printable ASCII characters',
      );
    }
    const outcome = await idempotency.run(key, request.body, handle);
    if (outcome.kind === 'reused') {
      return sendError(
        reply,
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used before with another body',
      );
    }
    if (outcome.kind === 'replayed') {
      counts.replays++;
      reply.header('idempotent-replayed', 'true');
    }
    return send(reply, outcome.answer);
  }

  return {
    app,
    faults,
    counts,
    tokens,
    errorAnswer,
    send,
    sendError,
    answerIdempotently,
    faultsInForce,
    applyFaults: (change: unknown) => applyFaults(faultsSchema.parse(change)),
    clearFaults,
  };
}

export type VendorApp = ReturnType<typeof createVendorApp>;

/** Listens and answers the base URL, e.g. http://127.0.0.1:8092; port 0 picks a free port. */
export async function listenOn(app: FastifyInstance, port: number, host: string): Promise<string> {
  await app.listen({ port, host });
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The simulator is not listening on TCP');
  // A wildcard address is reached through the loopback.
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  const printable = reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return `http://${printable}:${address.port}`;
}

/** A zod error as one sentence naming each field: `patient.dob must be a date (YYYY-MM-DD)`. */
export function problemsOf(error: z.ZodError, whole = 'body'): string {
  return error.issues.map((issue) => `${issue.path.join('.') || whole} ${issue.message}`).join('; ');
}

/** Waits, but stops early when the client has gone (its time-out fired), so nothing waits for nobody. */
function waitUnlessClientLeaves(ms: number, reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    reply.raw.once('close', done);
    function done() {
      clearTimeout(timer);
      reply.raw.off('close', done);
      resolve();
    }
  });
}

function statusCodeOf(error: unknown): number {
  const parsed = z.object({ statusCode: z.number().int().min(400).max(599) }).safeParse(error);
  return parsed.success ? parsed.data.statusCode : 500;
}
