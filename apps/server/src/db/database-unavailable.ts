import pg from 'pg';

/** What a client told "the database is unavailable" waits before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The answer's message meanwhile (the error handler's 503). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again shortly.';

const UNAVAILABLE = Symbol('database unavailable');

/**
 * SQLSTATEs that say the server cannot serve the connection now, whatever the query: class 08
 * (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting
 * up, shutting down, in recovery), 53300 too many connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** Socket errors: the server is not there, or the connection to it broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What `pg` itself throws when a connection ends, cannot be opened in time, or broke earlier. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

/**
 * Whether an error `pg` raised (connecting, or running a query on a connection) means the server is
 * unreachable or going away, rather than something wrong with the query.
 */
export function describesLostConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) return typeof code === 'string' && isUnavailableSqlState(code);
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(describesLostConnection);
  return PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

function markIfUnavailable(error: unknown): unknown {
  if (describesLostConnection(error)) Object.defineProperty(error, UNAVAILABLE, { value: true });
  return error;
}

/**
 * Whether a request failed because the PostgreSQL server could not be reached (down, restarting, the
 * connection cut). Only errors of a pool passed to `reportUnavailability` count, so a vendor's refused
 * connection is not taken for the database's, and the embedded database (PGlite) never is.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if ((cause as { [UNAVAILABLE]?: boolean })[UNAVAILABLE]) return true;
    cause = cause.cause;
  }
  return false;
}

type Connect = () => Promise<pg.PoolClient>;
type Query = (...args: unknown[]) => unknown;

/**
 * Marks the errors of this pool's connecting and of its connections' queries that mean the server is
 * unavailable (see isDatabaseUnavailable). Errors keep their identity, class and code.
 */
export function reportUnavailability(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as ReturnType<Connect>).catch((error: unknown) => {
      throw markIfUnavailable(error);
    });
  }) as typeof pool.connect;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      // Callback and cursor queries return no promise; Kysely's queries do.
      if (typeof (result as Promise<unknown> | undefined)?.then !== 'function') return result;
      return (result as Promise<unknown>).catch((error: unknown) => {
        throw markIfUnavailable(error);
      });
    }) as typeof client.query;
  });
}
