import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/transaction';
import { inTransaction } from '../../db/transaction';
import { CHANNEL_NAME_PATTERN } from './realtime-channels';
import { enqueueRealtimeEvents, type RealtimeEvent } from './realtime-outbox';

// The publishing half of the Pusher Channels HTTP API (POST /apps/{id}/events and batch_events), so the
// portal's own endpoint is a Pusher-compatible server: another deployment, or a test, can point the
// official `pusher` package at it. Requests are authenticated the Pusher way: an HMAC of method, path
// and the sorted query, with the body's MD5 and a timestamp within 10 minutes.

const MAX_CLOCK_SKEW_SECONDS = 600;
const MAX_BATCH = 10;
const MAX_CHANNELS = 100;

type SignedQuery = Record<string, string | undefined>;

export function isValidPusherRequest(options: {
  method: string;
  path: string;
  query: SignedQuery;
  rawBody: string;
  key: string;
  secret: string;
  now?: number;
}): boolean {
  const { query } = options;
  if (query.auth_key !== options.key || query.auth_version !== '1.0' || !query.auth_signature) return false;
  const timestamp = Number(query.auth_timestamp);
  const now = (options.now ?? Date.now()) / 1000;
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > MAX_CLOCK_SKEW_SECONDS) return false;
  if (options.rawBody && query.body_md5 !== createHash('md5').update(options.rawBody).digest('hex'))
    return false;
  const signed = Object.entries(query)
    .filter(([name]) => name !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const expected = Buffer.from(
    createHmac('sha256', options.secret)
      .update(`${options.method}\n${options.path}\n${signed}`)
      .digest('hex'),
  );
  const given = Buffer.from(query.auth_signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function toEventData(data: unknown): Record<string, unknown> {
  if (typeof data !== 'string') return { value: data };
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { value: data };
  }
}

type IncomingEvent = { channel?: unknown; channels?: unknown; name?: unknown; data?: unknown };

function readEvents(body: unknown, batch: boolean): RealtimeEvent[] | undefined {
  const items = batch ? (body as { batch?: unknown })?.batch : [body];
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_BATCH) return undefined;
  const events: RealtimeEvent[] = [];
  for (const item of items as IncomingEvent[]) {
    const channels = batch ? [item.channel] : item.channels;
    if (typeof item.name !== 'string' || item.name.length > 200) return undefined;
    if (!Array.isArray(channels) || channels.length === 0 || channels.length > MAX_CHANNELS) return undefined;
    for (const channel of channels) {
      if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) return undefined;
      events.push({ channel, event: item.name, data: toEventData(item.data) });
    }
  }
  return events;
}

/** Registers the two publishing routes; events go through the outbox like the portal's own. */
export function pusherHttpApi(options: { db: Db; key: string; secret: string }): FastifyPluginAsync {
  return async (app) => {
    // The signature covers the body's exact bytes: keep them (this scope's own parser, in place of the app's).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (request, body, done) => {
        request.rawBody = body as string;
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(null, undefined);
        }
      },
    );
    for (const [suffix, batch] of [
      ['events', false],
      ['batch_events', true],
    ] as const) {
      app.post(`/apps/:appId/${suffix}`, { schema: { hide: true } }, async (request, reply) => {
        const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
        const valid = isValidPusherRequest({
          method: 'POST',
          path,
          query: request.query as SignedQuery,
          rawBody: (request as FastifyRequest & { rawBody?: string }).rawBody ?? '',
          key: options.key,
          secret: options.secret,
        });
        if (!valid) return reply.code(401).send({ error: 'Invalid signature' });
        const events = readEvents(request.body, batch);
        if (!events) return reply.code(400).send({ error: 'Invalid event' });
        await inTransaction(options.db, (tx) => enqueueRealtimeEvents(tx, events));
        return reply.code(200).send(batch ? { batch: events.map(() => ({})) } : {});
      });
    }
  };
}
