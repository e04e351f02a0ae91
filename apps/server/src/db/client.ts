import { PostgresDialect } from 'kysely';
import pg from 'pg';
import { createKysely, type DatabaseHandle } from './database-handle';
import { reportUnavailability } from './database-unavailable';

export type { DatabaseEngine, DatabaseHandle, DatabaseListen } from './database-handle';

// PostgreSQL returns BIGINT (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens a pool on a PostgreSQL server. */
export function openPostgres(connectionString: string): DatabaseHandle {
  // A connection that cannot be opened in 10 s (a server gone silent, every connection busy) fails the
  // request with 503 rather than holding it.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
  // While the server is down or restarting, requests answer 503 with Retry-After, not 500 (error handler).
  reportUnavailability(pool);
  let closed = false;
  // An idle connection the server drops (a restart, a failover, an administrator) must not crash the
  // process: the pool replaces it on the next query. Only the error code is logged (no query text).
  pool.on('error', (error: Error & { code?: string }) => {
    if (!closed) console.warn(`PostgreSQL dropped an idle connection (${error.code ?? error.name})`);
  });
  // The pool listens for errors only on connections it holds. One handed out (a transaction between two
  // queries) that the server ends emits 'error' too, which unheard would end the process: the query on it
  // fails instead (a 503), and the pool discards it when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = createKysely(new PostgresDialect({ pool }));
  const listener = createPostgresListener(connectionString);
  return {
    db,
    engine: 'postgres',
    listen: listener.listen,
    close: async () => {
      if (closed) return;
      closed = true;
      await listener.close();
      await db.destroy();
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }) {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  // The embedded database's code is loaded only when it is used: an instance on a PostgreSQL server does
  // not hold it in memory (issue 18 §3).
  const { openPgliteDirectory } = await import('./pglite-client');
  return openPgliteDirectory(options.dataDir);
}

/**
 * One dedicated connection per process for LISTEN (a pooled connection would lose its LISTENs). A dropped
 * connection is reopened with backoff (see `reconnectDelayMs`) until it is back, with its channels listened
 * to again; then each listener's `onRelistened` runs, since notifications sent meanwhile never reached
 * this process.
 */
function createPostgresListener(connectionString: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const relistened = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failedAttempts = 0;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = reconnectDelayMs(failedAttempts);
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (closed || handlers.size === 0) return;
      try {
        await connect();
        failedAttempts = 0;
        console.warn('PostgreSQL LISTEN connection back');
        for (const callback of relistened) callback();
      } catch {
        failedAttempts++;
        scheduleReconnect();
      }
    }, delay);
    reconnectTimer.unref();
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString,
        application_name: 'portal-listen',
        // An idle LISTEN connection whose server went silent is noticed by TCP keep-alive, and an attempt
        // to reopen it gives up after 10 s and is retried.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        connectionTimeoutMillis: 10_000,
      });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      const dropped = (error?: Error & { code?: string }) => {
        if (closed || client !== next) return;
        console.warn(
          `PostgreSQL LISTEN connection dropped (${error?.code ?? error?.name ?? 'ended'}); reconnecting`,
        );
        client = undefined;
        connecting = undefined;
        next.end().catch(() => {});
        scheduleReconnect();
      };
      next.on('error', dropped);
      next.on('end', () => dropped());
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      return next;
    })();
    connecting.catch(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    listen: async (channel: string, onMessage: (payload: string) => void, onRelistened?: () => void) => {
      let channelHandlers = handlers.get(channel);
      const isNewChannel = !channelHandlers;
      if (!channelHandlers) {
        channelHandlers = new Set();
        handlers.set(channel, channelHandlers);
      }
      channelHandlers.add(onMessage);
      if (onRelistened) relistened.add(onRelistened);
      const connected = client ?? (await connect());
      if (isNewChannel && connected === client)
        await connected.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        channelHandlers.delete(onMessage);
        if (onRelistened) relistened.delete(onRelistened);
      };
    },
    close: async () => {
      closed = true;
      clearTimeout(reconnectTimer);
      handlers.clear();
      relistened.clear();
      const current = client ?? (connecting ? await connecting.catch(() => undefined) : undefined);
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * The pause before reconnect attempt `failedAttempts + 1`: from `firstRetryMs` (500 ms), doubling, at most
 * `maxRetryMs` (5 s), each ±20 % so that many instances losing the server together do not return in step.
 */
export function reconnectDelayMs(
  failedAttempts: number,
  { firstRetryMs = 500, maxRetryMs = 5000 }: { firstRetryMs?: number; maxRetryMs?: number } = {},
  random: () => number = Math.random,
): number {
  const base = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.min(failedAttempts, 16));
  return Math.round(base * (0.8 + 0.4 * random()));
}
