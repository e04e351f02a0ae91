import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

// A small vendor for the vendor clients' unit tests: a real HTTP server on a free loopback port that speaks
// the parts every vendor shares (VENDOR_PROTOCOLS.md: OAuth 2.0 client credentials, bearer tokens, 401
// invalid_token) and answers the rest with the test's own handler, recording what it received. Faults (5xx
// answers, slow answers, dropped connections) are set per test. The full simulators are apps/simulators.

export type FakeVendorRequest = {
  method: string;
  /** The path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed, for a JSON (or form) request; undefined otherwise. */
  json: unknown;
};

export type FakeVendorAnswer = { status: number; json?: unknown; bytes?: Uint8Array; contentType?: string };

export type FakeVendorHandler = (request: FakeVendorRequest) => FakeVendorAnswer | Promise<FakeVendorAnswer>;

export type FakeVendorFaults = {
  /** Which requests the faults hit: the vendor's API calls (default), the token endpoint, or both. */
  target?: 'calls' | 'token' | 'all';
  /** Answer this status ({"error": "fault"}) instead, `times` times (always, if not given). */
  status?: number;
  times?: number;
  /** Answer this late, `delayTimes` times (always, if not given). */
  delayMs?: number;
  delayTimes?: number;
  /** Close this many connections without an answer. */
  dropConnections?: number;
};

export type FakeVendor = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every API call received (token requests excepted), faulted or not, in order. */
  calls: FakeVendorRequest[];
  tokenRequests: FakeVendorRequest[];
  tokensIssued(): number;
  /** Forget every token issued so far: the next call with one is answered 401 invalid_token. */
  revokeTokens(): void;
  setFaults(faults: FakeVendorFaults): void;
  /** Answer the API calls with this handler from now on. */
  handle(handler: FakeVendorHandler): void;
  close(): Promise<void>;
};

export async function startFakeVendor(
  options: { handler?: FakeVendorHandler; tokenLifetimeSeconds?: number } = {},
): Promise<FakeVendor> {
  const clientId = 'portal-test';
  const clientSecret = randomBytes(16).toString('hex');
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const validTokens = new Set<string>();
  const calls: FakeVendorRequest[] = [];
  const tokenRequests: FakeVendorRequest[] = [];
  let issued = 0;
  let faults: FakeVendorFaults = {};
  let handler: FakeVendorHandler = options.handler ?? (() => ({ status: 404, json: { error: 'not_found' } }));

  function faultsApply(isToken: boolean) {
    const target = faults.target ?? 'calls';
    return target === 'all' || (target === 'token') === isToken;
  }

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const contentType = request.headers['content-type'] ?? '';
    const received: FakeVendorRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body,
      json: contentType.includes('json')
        ? JSON.parse(body.toString('utf8'))
        : contentType.includes('x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(body.toString('utf8')))
          : undefined,
    };
    const isToken = received.method === 'POST' && received.path === '/oauth/token';
    (isToken ? tokenRequests : calls).push(received);

    const send = (answer: FakeVendorAnswer) => {
      if (response.destroyed) return;
      const payload =
        answer.bytes ?? Buffer.from(answer.json === undefined ? '' : JSON.stringify(answer.json));
      response.writeHead(answer.status, {
        'content-type':
          answer.contentType ?? (answer.bytes ? 'application/octet-stream' : 'application/json'),
        'content-length': payload.byteLength,
      });
      response.end(payload);
    };

    if (faultsApply(isToken)) {
      if (faults.dropConnections) {
        faults.dropConnections -= 1;
        request.socket.destroy();
        return;
      }
      if (faults.delayMs && faults.delayTimes !== 0) {
        if (faults.delayTimes !== undefined) faults.delayTimes -= 1;
        await delay(faults.delayMs);
      }
      if (faults.status && faults.times !== 0) {
        if (faults.times !== undefined) faults.times -= 1;
        return send({ status: faults.status, json: { error: 'fault', message: 'A fault set by the test.' } });
      }
    }

    if (isToken) {
      const form = new URLSearchParams(body.toString('utf8'));
      if (
        !contentType.startsWith('application/x-www-form-urlencoded') ||
        form.get('grant_type') !== 'client_credentials'
      ) {
        return send({ status: 400, json: { error: 'unsupported_grant_type' } });
      }
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return send({ status: 401, json: { error: 'invalid_client', message: 'Unknown client.' } });
      }
      issued += 1;
      const token = `token-${issued}-${randomBytes(8).toString('hex')}`;
      validTokens.add(token);
      return send({
        status: 200,
        json: { access_token: token, token_type: 'Bearer', expires_in: tokenLifetimeSeconds },
      });
    }

    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !validTokens.has(token)) {
      return send({ status: 401, json: { error: 'invalid_token', message: 'Unknown or expired token.' } });
    }
    try {
      send(await handler(received));
    } catch {
      send({ status: 500, json: { error: 'handler_failed' } });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    calls,
    tokenRequests,
    tokensIssued: () => issued,
    revokeTokens: () => validTokens.clear(),
    setFaults(next) {
      faults = { ...next };
    },
    handle(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The client options that reach this fake vendor. */
export function fakeVendorSettings(vendor: FakeVendor): {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
} {
  return { baseUrl: vendor.url, clientId: vendor.clientId, clientSecret: vendor.clientSecret };
}
