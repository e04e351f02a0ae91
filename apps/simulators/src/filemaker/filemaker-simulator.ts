import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  dataApiAnswer,
  FILEMAKER_CODES,
  type FileMakerMessage,
  webServerErrorPage,
} from './data-api-answers';
import { createFaultInjector, type FaultsInForce, type FileMakerFaults, faultsSchema } from './faults';
import { type FileMakerRecord, SEEDED_PATIENT_RECORDS } from './patient-records';
import { createSessionStore, SESSION_IDLE_TIMEOUT_MS } from './sessions';

// A FileMaker Server's Data API for one hosted database and one layout, as a real HTTP service: log in
// (POST …/sessions, HTTP Basic) for a session token, read a record by id with that token
// (GET …/layouts/{layout}/records/{id}), log out (DELETE …/sessions/{token}). Faults can be injected at
// start and through /_simulator/faults, so the portal's client is tested against the failures it meets.

export const FILEMAKER_SIMULATOR_DEFAULTS = {
  port: 8091,
  host: '127.0.0.1',
  database: 'CardiacPatients',
  layout: 'Patients',
  user: 'portal-sync',
  password: 'simulator-only-password',
} as const;

/** The Data API versions FileMaker Server accepts in its URLs. */
const API_VERSIONS = new Set(['v1', 'v2', 'vLatest']);

export type FileMakerSimulatorOptions = {
  port?: number;
  host?: string;
  database?: string;
  layout?: string;
  user?: string;
  password?: string;
  records?: readonly FileMakerRecord[];
  faults?: FileMakerFaults;
  /** Sessions end after this long without a call (FileMaker: 15 minutes). */
  sessionIdleTimeoutMs?: number;
  /** The clock sessions are timed by; tests may move it. */
  now?: () => number;
  /** Fastify's logger: false (the default) for tests, true or pino options for the command line. */
  logger?: boolean | { level: string };
};

export type FileMakerSimulatorStats = {
  /** Data API requests received, failed and dropped ones included. */
  requests: number;
  logins: number;
  logouts: number;
  recordReads: number;
  openSessions: number;
};

export type FileMakerSimulator = {
  /** The base URL, e.g. http://127.0.0.1:8091 (the Data API is under /fmi/data/). */
  url: string;
  database: string;
  layout: string;
  user: string;
  password: string;
  setFaults(faults: FileMakerFaults): void;
  clearFaults(): void;
  faults(): FaultsInForce;
  stats(): FileMakerSimulatorStats;
  close(): Promise<void>;
};

const versionParams = z.object({ version: z.string(), database: z.string() });
const sessionParams = versionParams.extend({ token: z.string() });
const recordParams = versionParams.extend({ layout: z.string(), recordId: z.string() });

export function buildFileMakerSimulator(options: FileMakerSimulatorOptions = {}) {
  const settings = {
    port: options.port ?? FILEMAKER_SIMULATOR_DEFAULTS.port,
    host: options.host ?? FILEMAKER_SIMULATOR_DEFAULTS.host,
    database: options.database ?? FILEMAKER_SIMULATOR_DEFAULTS.database,
    layout: options.layout ?? FILEMAKER_SIMULATOR_DEFAULTS.layout,
    user: options.user ?? FILEMAKER_SIMULATOR_DEFAULTS.user,
    password: options.password ?? FILEMAKER_SIMULATOR_DEFAULTS.password,
  };
  const records = new Map(
    (options.records ?? SEEDED_PATIENT_RECORDS).map((record) => [record.recordId, record]),
  );
  const sessions = createSessionStore({
    idleTimeoutMs: options.sessionIdleTimeoutMs ?? SESSION_IDLE_TIMEOUT_MS,
    now: options.now ?? Date.now,
  });
  const faults = createFaultInjector({ expireTokens: () => sessions.expireAll() });
  if (options.faults) faults.apply(faultsSchema.parse(options.faults));
  const counts = { requests: 0, logins: 0, logouts: 0, recordReads: 0 };

  // Closing the simulator ends kept-alive and delayed requests at once rather than waiting for them.
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });

  // FileMaker accepts an empty body on log-in; Fastify's own JSON parser would refuse it.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const statusCode = statusCodeOf(error);
    if (request.url.startsWith('/_simulator/')) {
      const message = error instanceof Error ? error.message : 'Request failed';
      return reply.code(statusCode).send({ statusCode, error: 'Error', message });
    }
    return reply.code(statusCode).send(dataApiAnswer(FILEMAKER_CODES.unknown));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/_simulator/')) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Unknown control path' });
    }
    // FileMaker answers 404 to a URL outside the Data API's scheme.
    return reply.code(404).send(dataApiAnswer({ code: '-1', message: 'Unknown URL' }));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/fmi/')) return;
    counts.requests++;
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
      if (outcome.status === 500) return reply.code(500).send(dataApiAnswer(FILEMAKER_CODES.unknown));
      return reply.code(outcome.status).type('text/html').send(webServerErrorPage(outcome.status));
    }
  });

  function unknownUrl(reply: FastifyReply) {
    return reply.code(404).send(dataApiAnswer({ code: '-1', message: 'Unknown URL' }));
  }

  function fileMakerError(reply: FastifyReply, status: number, message: FileMakerMessage) {
    return reply.code(status).send(dataApiAnswer(message));
  }

  app.get('/fmi/data/:version/productInfo', async (request, reply) => {
    const { version } = z.object({ version: z.string() }).parse(request.params);
    if (!API_VERSIONS.has(version)) return unknownUrl(reply);
    return dataApiAnswer(FILEMAKER_CODES.ok, {
      productInfo: {
        name: 'FileMaker Data API Engine (portal simulator)',
        version: 'simulator',
        dateFormat: 'MM/dd/yyyy',
        timeFormat: 'HH:mm:ss',
        timeStampFormat: 'MM/dd/yyyy HH:mm:ss',
      },
    });
  });

  app.post('/fmi/data/:version/databases/:database/sessions', async (request, reply) => {
    const { version, database } = versionParams.parse(request.params);
    if (!API_VERSIONS.has(version)) return unknownUrl(reply);
    if (!isJson(request)) {
      // The Data API requires Content-Type: application/json on log-in.
      return fileMakerError(reply, 415, { code: '-1', message: 'Unsupported media type' });
    }
    const credentials = parseBasicAuthorization(request.headers.authorization);
    if (database !== settings.database) return fileMakerError(reply, 500, FILEMAKER_CODES.unableToOpenFile);
    if (!credentials || credentials.user !== settings.user || credentials.password !== settings.password) {
      return fileMakerError(reply, 401, FILEMAKER_CODES.invalidAccount);
    }
    const token = sessions.open(database);
    counts.logins++;
    return reply.header('X-FM-Data-Access-Token', token).send(dataApiAnswer(FILEMAKER_CODES.ok, { token }));
  });

  app.delete('/fmi/data/:version/databases/:database/sessions/:token', async (request, reply) => {
    const { version, database, token } = sessionParams.parse(request.params);
    if (!API_VERSIONS.has(version)) return unknownUrl(reply);
    if (!sessions.close(token, database)) return fileMakerError(reply, 401, FILEMAKER_CODES.invalidToken);
    counts.logouts++;
    return dataApiAnswer(FILEMAKER_CODES.ok);
  });

  app.get(
    '/fmi/data/:version/databases/:database/layouts/:layout/records/:recordId',
    async (request, reply) => {
      const { version, database, layout, recordId } = recordParams.parse(request.params);
      if (!API_VERSIONS.has(version)) return unknownUrl(reply);
      const token = parseBearerAuthorization(request.headers.authorization);
      if (!token || !sessions.use(token, database)) {
        return fileMakerError(reply, 401, FILEMAKER_CODES.invalidToken);
      }
      if (layout !== settings.layout) return fileMakerError(reply, 500, FILEMAKER_CODES.layoutMissing);
      const record = records.get(recordId);
      if (!record) return fileMakerError(reply, 500, FILEMAKER_CODES.recordMissing);
      counts.recordReads++;
      return dataApiAnswer(FILEMAKER_CODES.ok, {
        dataInfo: {
          database,
          layout,
          table: layout,
          totalRecordCount: records.size,
          foundCount: 1,
          returnedCount: 1,
        },
        data: [
          {
            fieldData: record.fieldData,
            portalData: {},
            recordId: record.recordId,
            modId: record.modId,
          },
        ],
      });
    },
  );

  app.get('/_simulator/faults', async () => faults.inForce());

  app.post('/_simulator/faults', async (request, reply) => {
    const parsed = faultsSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'body'} ${issue.message}`,
      );
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: problems.join('; ') });
    }
    faults.apply(parsed.data);
    return faults.inForce();
  });

  app.delete('/_simulator/faults', async () => {
    faults.clear();
    return faults.inForce();
  });

  app.get('/_simulator/stats', async () => stats());

  function stats(): FileMakerSimulatorStats {
    return { ...counts, openSessions: sessions.count() };
  }

  return { app, settings, faults, stats };
}

/** Starts the simulator and resolves once it listens; port 0 picks a free port. */
export async function startFileMakerSimulator(
  options: FileMakerSimulatorOptions = {},
): Promise<FileMakerSimulator> {
  const { app, settings, faults, stats } = buildFileMakerSimulator(options);
  await app.listen({ port: settings.port, host: settings.host });
  return {
    url: baseUrl(app, settings.host),
    database: settings.database,
    layout: settings.layout,
    user: settings.user,
    password: settings.password,
    setFaults: (change) => faults.apply(faultsSchema.parse(change)),
    clearFaults: () => faults.clear(),
    faults: () => faults.inForce(),
    stats,
    close: () => app.close(),
  };
}

function baseUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The simulator is not listening on TCP');
  // A wildcard address is reached through the loopback.
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  const printable = reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return `http://${printable}:${address.port}`;
}

function isJson(request: FastifyRequest): boolean {
  return /^application\/json\b/i.test(request.headers['content-type'] ?? '');
}

function parseBasicAuthorization(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function parseBearerAuthorization(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
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
