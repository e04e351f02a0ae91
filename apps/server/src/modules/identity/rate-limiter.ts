import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../../db/transaction';

// Fixed-window rate limits on sign-in, tokens and password pages, per client address and per account.
// The counters live where every instance sees them (the database, or Redis when REDIS_URL is set), so
// running two instances does not double anyone's budget. Keys are digests: no address or e-mail is kept.

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };
export type RateLimit = { limit: number; windowMs: number };

export type RateLimitStore = {
  /** Counts one attempt for `key`; says whether it is within `limit` attempts per window. */
  hit(key: string, rule: RateLimit): Promise<RateLimitVerdict>;
  close(): Promise<void>;
};

/**
 * What is limited: 'ip' keys are client addresses; 'account' (sign-in attempts) and 'reset-email'
 * (password links e-mailed) keys are e-mail addresses, case-insensitive.
 */
export function rateLimitKey(kind: 'ip' | 'account' | 'reset-email', value: string): string {
  const normalised = kind === 'ip' ? value : value.trim().toLowerCase();
  return createHash('sha256').update(`${kind}\u0000${normalised}`).digest('hex');
}

function verdict(count: number, limit: number, msLeft: number): RateLimitVerdict {
  if (count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
}

/** Counters in PostgreSQL: one atomic upsert per attempt; expired windows are swept now and then. */
export function createDatabaseRateLimitStore(db: Db): RateLimitStore {
  let lastSweep = 0;
  return {
    async hit(key, { limit, windowMs }) {
      const window = `${windowMs} milliseconds`;
      const { rows } = await sql<{ count: number; msLeft: number }>`
        INSERT INTO rate_limit_counters AS counter (key, count, window_ends_at)
        VALUES (${key}, 1, now() + ${window}::interval)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN counter.window_ends_at <= now() THEN 1 ELSE counter.count + 1 END,
          window_ends_at = CASE WHEN counter.window_ends_at <= now()
            THEN now() + ${window}::interval ELSE counter.window_ends_at END
        RETURNING count, (extract(epoch FROM window_ends_at - now()) * 1000)::float8 AS "msLeft"`.execute(db);
      const row = rows[0];
      if (!row) return { allowed: true };
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        await db.deleteFrom('rateLimitCounters').where('windowEndsAt', '<', new Date()).execute();
      }
      return verdict(row.count, limit, row.msLeft);
    },
    async close() {},
  };
}

// INCR, and start the window's expiry with the first attempt: atomic in Redis.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {count, left}`;

/** Counters in Redis, for deployments that already run one; keys expire with their window. */
export function createRedisRateLimitStore(url: string): RateLimitStore {
  // The client library is loaded only where REDIS_URL is set: elsewhere it would hold about 20 MB of the
  // process's memory for nothing (issue 18 §3).
  let client: Promise<Redis> | undefined;
  const redis = () => {
    client ??= import('ioredis').then(
      ({ Redis }) => new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true }),
    );
    return client;
  };
  return {
    async hit(key, { limit, windowMs }) {
      const reply = await (await redis()).eval(HIT_SCRIPT, 1, `portal:rate:${key}`, String(windowMs));
      const [count, msLeft] = reply as [number, number];
      return verdict(count, limit, msLeft);
    },
    async close() {
      if (client) (await client).disconnect();
    },
  };
}

export function createRateLimitStore(options: { db: Db; redisUrl: string | undefined }): RateLimitStore {
  return options.redisUrl
    ? createRedisRateLimitStore(options.redisUrl)
    : createDatabaseRateLimitStore(options.db);
}
