import { randomBytes } from 'node:crypto';
import websocket from '@fastify/websocket';
import { channelAuthorizationSchema, REALTIME_EVENTS } from '@portal/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { DatabaseListen } from '../../db/client';
import type { Db } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { errorResponses } from '../../http/schemas';
import { getOrCreateSecret } from '../identity/key-store';
import { signChannel } from './channel-signature';
import {
  ConnectionAdmission,
  closeEndedSessionConnections,
  closeUnsubscribedConnections,
} from './connection-guards';
import { createOutboxRelay } from './outbox-relay';
import { createHostedPusher, publishNothingMore, publishThroughPusher } from './publishers';
import {
  CLOSE_CODES,
  closeIdleConnections,
  refuseConnection,
  type ServedConnection,
  servePusherConnection,
} from './pusher-connection';
import { pusherHttpApi } from './pusher-http-api';
import { CHANNEL_NAME_PATTERN, mayJoinChannel } from './realtime-channels';
import { RealtimeHub } from './realtime-hub';
import { FANOUT_CHANNEL, OUTBOX_WAKE_CHANNEL, unpackFanoutPayload } from './realtime-outbox';
import { encodeSubscriptionSession } from './subscription-session';

/** SPEC §9 realtime client defaults; the server closes a connection silent for activity + pong timeout. */
export const ACTIVITY_TIMEOUT_SECONDS = 120;
export const PONG_TIMEOUT_SECONDS = 30;
const HEARTBEAT_LOG_MS = 5 * 60 * 1000;
/** How often the sign-ins behind open connections are checked: a signed-out or locked user's go within this. */
export const SESSION_CHECK_MS = 5000;
/** The app key of the portal's own Pusher-compatible endpoint. */
export const LOCAL_PUSHER_KEY = 'portal';

const authBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, { error: 'must be a Pusher socket id' }),
  channel_name: z.string().regex(CHANNEL_NAME_PATTERN, { error: 'must be a channel name' }),
});

type RealtimeOptions = {
  db: Db;
  listen: DatabaseListen;
  config: Pick<Config, 'realtime' | 'realtimeLimits'>;
  /** Seconds of silence before a connection is closed (tests shorten it). */
  idleCloseSeconds?: number;
};

/**
 * Realtime push over the Pusher Channels protocol: the portal's own WebSocket endpoint at /app/:key
 * (or hosted Pusher when PUSHER_* is set), channel authorization, and the outbox relay that publishes
 * what transactions queued. Instances share events through PostgreSQL LISTEN/NOTIFY.
 */
const realtimePlugin: FastifyPluginAsyncZod<RealtimeOptions> = async (app, options) => {
  const { db, config } = options;
  const hosted = config.realtime.kind === 'hosted' ? config.realtime : undefined;
  const pusher = hosted ? createHostedPusher(hosted) : undefined;
  const key = hosted?.key ?? LOCAL_PUSHER_KEY;
  const secret =
    hosted?.secret ??
    (await getOrCreateSecret(db, 'realtime-channel-secret', async () => randomBytes(32).toString('hex')));
  const hub = new RealtimeHub();

  const relay = createOutboxRelay({
    db,
    publish: pusher ? publishThroughPusher(pusher) : publishNothingMore,
    log: app.log,
  });
  const stopListening = [
    await options.listen(
      FANOUT_CHANNEL,
      (payload) => {
        for (const event of unpackFanoutPayload(payload)) hub.deliver(event);
      },
      // The database connection this instance listens on dropped and came back: whatever was sent in
      // between never reached these sockets, so every page they serve reloads what it shows.
      () => {
        const delivered = hub.deliverToEveryChannel(REALTIME_EVENTS.resync, {});
        app.log.warn({ delivered }, 'realtime fan-out resumed; clients told to resync');
      },
    ),
    // Hosted Pusher hears of events right after their commit; for the own endpoint the relay's
    // once-a-second bookkeeping is enough.
    ...(pusher ? [await options.listen(OUTBOX_WAKE_CHANNEL, () => relay.wake())] : []),
  ];

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const open = new Set<ServedConnection>();
  const admission = new ConnectionAdmission(config.realtimeLimits);
  app.get('/app/:key', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Counted right after the upgrade, before anything is set up for the connection. request.ip is the
    // client's address, or the forwarded one only from a proxy listed in TRUST_PROXY.
    const admitted = admission.admit(request.ip);
    if ('refused' in admitted) {
      refuseConnection(socket, admitted.refused);
      return;
    }
    socket.on('close', admitted.release);
    const served = servePusherConnection(socket, {
      appKey: (request.params as { key: string }).key,
      settings: { key, secret, activityTimeoutSeconds: ACTIVITY_TIMEOUT_SECONDS },
      hub,
    });
    open.add(served);
    socket.on('close', () => open.delete(served));
  });

  // pusher-js pings after activity_timeout of silence; a client that stops answering is gone.
  const idleCloseMs = (options.idleCloseSeconds ?? ACTIVITY_TIMEOUT_SECONDS + PONG_TIMEOUT_SECONDS) * 1000;
  const sweeper = setInterval(
    () => closeIdleConnections(open, Date.now() - idleCloseMs),
    Math.min(idleCloseMs, 30_000),
  );
  sweeper.unref();
  // A connection is for an authorised subscription; one without any for the timeout is closed (4009).
  const subscribeTimeoutMs = config.realtimeLimits.subscribeTimeoutSeconds * 1000;
  const unsubscribedSweeper = setInterval(
    () => closeUnsubscribedConnections(open, Date.now() - subscribeTimeoutMs),
    Math.min(subscribeTimeoutMs / 2, 5000),
  );
  unsubscribedSweeper.unref();
  // The sign-ins behind the subscriptions: one lookup a sweep for all connections, never one per socket.
  let sessionCheck: Promise<unknown> | undefined;
  const sessionSweeper = setInterval(() => {
    if (sessionCheck) return;
    sessionCheck = closeEndedSessionConnections(db, open)
      .then((closed) => {
        if (closed.length > 0)
          app.log.info({ closed: closed.length }, 'realtime connections of ended sign-ins closed');
      })
      .catch((error: unknown) =>
        app.log.warn(
          { err: { type: (error as Error).name, message: (error as Error).message } },
          'realtime sign-in check failed; retrying',
        ),
      )
      .finally(() => {
        sessionCheck = undefined;
      });
  }, SESSION_CHECK_MS);
  sessionSweeper.unref();
  const heartbeat = setInterval(
    () => app.log.info({ ...hub.stats(), addresses: admission.stats().addresses }, 'realtime heartbeat'),
    HEARTBEAT_LOG_MS,
  );
  heartbeat.unref();

  // The portal's own endpoint also takes events the Pusher way, from the official `pusher` package.
  if (!hosted) await app.register(pusherHttpApi({ db, key, secret }));

  app.post(
    '/api/realtime/auth',
    {
      config: { auth: 'authenticated' },
      schema: {
        tags: ['realtime'],
        summary: 'Authorize a private channel subscription (Pusher channel authorization, a form POST)',
        consumes: ['application/x-www-form-urlencoded'],
        description:
          "A user may join their own channel (GET /api/users/me `notificationChannel`: 'private-' + their " +
          "stored channel id with non-alphanumerics as '-') and the channels of clinics whose documents they " +
          "read ('private-clinic-{npi}'); any other answers 403. With the portal's own endpoint the answer " +
          'also carries `channel_data` naming the sign-in, signed with the channel: the connection is closed ' +
          'when that sign-in ends.',
        body: authBody,
        response: {
          200: channelAuthorizationSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!mayJoinChannel(actor, channel)) throw new HttpError(403, 'You may not subscribe to this channel');
      if (pusher) return pusher.authorizeChannel(socketId, channel);
      const channelData = encodeSubscriptionSession(actor.session);
      return {
        auth: signChannel({ key, secret, socketId, channel, channelData }),
        channel_data: channelData,
      };
    },
  );

  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    clearInterval(unsubscribedSweeper);
    clearInterval(sessionSweeper);
    clearInterval(heartbeat);
    for (const served of open) served.close(CLOSE_CODES.shuttingDown);
    open.clear();
    await sessionCheck;
  });
  app.addHook('onClose', async () => {
    await relay.stop();
    for (const stop of stopListening) await stop();
  });
};

export const realtime = fp(realtimePlugin, { name: 'realtime' });
