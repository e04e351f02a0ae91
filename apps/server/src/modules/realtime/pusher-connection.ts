import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { type SessionRef, sessionKey } from '../identity/live-sessions';
import { isValidChannelSignature } from './channel-signature';
import { CHANNEL_NAME_PATTERN } from './realtime-channels';
import type { RealtimeHub } from './realtime-hub';
import { decodeSubscriptionSession } from './subscription-session';

// The server side of the Pusher Channels protocol (version 7), as pusher-js speaks it: connection
// established, subscribe/unsubscribe to private channels with a signed auth string, ping/pong.

export type PusherEndpointSettings = {
  key: string;
  secret: string;
  /** Seconds without a message after which the client pings (SPEC §9: 120). */
  activityTimeoutSeconds: number;
};

const MAX_MESSAGE_BYTES = 10 * 1024;

function protocolMessage(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({ event, ...(channel ? { channel } : {}), data: JSON.stringify(data) });
}

function errorMessage(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
}

/**
 * Pusher protocol close codes (4000–4099: do not reconnect; 4100–4199: reconnect after backing off;
 * 4200–4299: reconnect at once). pusher-js acts on the range.
 */
export const CLOSE_CODES = {
  applicationDoesNotExist: { code: 4001, reason: 'Application does not exist' },
  /** As hosted Pusher closes a connection that holds no authorised subscription ("authorized connections"). */
  notAuthorizedWithinTimeout: { code: 4009, reason: 'Connection not authorized within timeout' },
  /** The sign-in that authorised a subscription ended (signed out, locked, deleted). */
  unauthorized: { code: 4009, reason: 'Connection is unauthorized' },
  overCapacity: { code: 4100, reason: 'Over capacity' },
  tooManyFromAddress: { code: 4101, reason: 'Too many connections from this address' },
  shuttingDown: { code: 4200, reason: 'Server shutting down' },
  pongNotReceived: { code: 4201, reason: 'Pong reply not received' },
} as const;

export type CloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

// A client that never answers the close frame would hold its socket for ws's 30 s close timeout; one
// refused at the door gets a second, one being closed a few (time for the close handshake on a slow link).
const REFUSED_SOCKET_GRACE_MS = 1000;
const CLOSED_SOCKET_GRACE_MS = 5000;

/** Closes a socket the protocol's way: a pusher:error with the code, then the close frame with it. */
export function closeWithError(
  socket: WebSocket,
  close: CloseCode,
  options: { terminateAfterMs?: number } = {},
) {
  if (socket.readyState === socket.OPEN) socket.send(errorMessage(close.code, close.reason));
  socket.close(close.code, close.reason);
  if (options.terminateAfterMs !== undefined) {
    const timer = setTimeout(() => {
      if (socket.readyState !== socket.CLOSED) socket.terminate();
    }, options.terminateAfterMs);
    timer.unref?.();
  }
}

/** Refuses a connection at once (limits, unknown app key), without serving it. */
export function refuseConnection(socket: WebSocket, close: CloseCode) {
  closeWithError(socket, close, { terminateAfterMs: REFUSED_SOCKET_GRACE_MS });
}

export type ServedConnection = {
  socketId: string;
  lastActivity: () => number;
  /** Since when (ms) the connection has held no subscription; undefined while it holds one. */
  unsubscribedSince: () => number | undefined;
  /** The sign-ins behind its current subscriptions (those authorised through this portal's own endpoint). */
  sessions: () => SessionRef[];
  close: (close: CloseCode) => void;
};

/** Serves one WebSocket connection. */
export function servePusherConnection(
  socket: WebSocket,
  options: { appKey: string; settings: PusherEndpointSettings; hub: RealtimeHub; now?: () => number },
): ServedConnection {
  const now = options.now ?? Date.now;
  const { hub, settings } = options;
  const socketId = newSocketId();
  // Each subscribed channel, with the sign-in that authorised it (null: signed without one, by a holder of
  // the secret such as a portal publishing through the `pusher` package).
  const channels = new Map<string, SessionRef | null>();
  let lastActivity = now();
  let unsubscribedSince: number | undefined = lastActivity;
  const connection = {
    send: (message: string) => {
      if (socket.readyState === socket.OPEN) socket.send(message);
    },
  };

  if (options.appKey !== settings.key) {
    refuseConnection(socket, CLOSE_CODES.applicationDoesNotExist);
    return {
      socketId,
      lastActivity: () => lastActivity,
      unsubscribedSince: () => unsubscribedSince,
      sessions: () => [],
      close: () => {},
    };
  }

  hub.connections.add(connection);
  connection.send(
    protocolMessage('pusher:connection_established', {
      socket_id: socketId,
      activity_timeout: settings.activityTimeoutSeconds,
    }),
  );

  socket.on('message', (raw, isBinary) => {
    lastActivity = now();
    const text = raw.toString();
    if (isBinary || text.length > MAX_MESSAGE_BYTES) {
      connection.send(errorMessage(4009, 'Message too large or binary'));
      return;
    }
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      connection.send(errorMessage(null, 'Messages must be JSON'));
      return;
    }
    const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as
      | { channel?: unknown; auth?: unknown; channel_data?: unknown }
      | undefined;
    switch (message.event) {
      case 'pusher:ping':
        connection.send(protocolMessage('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe': {
        const channel = data?.channel;
        if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) {
          connection.send(errorMessage(null, 'A subscription needs a valid channel name'));
          return;
        }
        if (!channel.startsWith('private-')) {
          // Only private channels exist here: everything on them is about someone.
          connection.send(
            protocolMessage(
              'pusher:subscription_error',
              { type: 'AuthError', error: 'Only private channels', status: 403 },
              channel,
            ),
          );
          return;
        }
        const channelData = data?.channel_data;
        const signed =
          (channelData === undefined || typeof channelData === 'string') &&
          isValidChannelSignature(
            { key: settings.key, secret: settings.secret, socketId, channel, channelData },
            data?.auth,
          );
        const session = typeof channelData === 'string' ? decodeSubscriptionSession(channelData) : null;
        if (!signed || session === undefined) {
          connection.send(
            protocolMessage(
              'pusher:subscription_error',
              { type: 'AuthError', error: 'Invalid signature', status: 401 },
              channel,
            ),
          );
          return;
        }
        channels.set(channel, session);
        unsubscribedSince = undefined;
        hub.subscribe(connection, channel);
        connection.send(protocolMessage('pusher_internal:subscription_succeeded', {}, channel));
        return;
      }
      case 'pusher:unsubscribe': {
        const channel = data?.channel;
        if (typeof channel === 'string' && channels.delete(channel)) {
          hub.unsubscribe(connection, channel);
          if (channels.size === 0) unsubscribedSince = now();
        }
        return;
      }
      default:
        // Client events (client-*) are not enabled: the browser only listens.
        connection.send(errorMessage(null, 'Unsupported event'));
    }
  });

  socket.on('close', () => hub.disconnect(connection, channels.keys()));
  socket.on('error', () => hub.disconnect(connection, channels.keys()));

  return {
    socketId,
    lastActivity: () => lastActivity,
    unsubscribedSince: () => unsubscribedSince,
    sessions: () => {
      const distinct = new Map<string, SessionRef>();
      for (const session of channels.values()) if (session) distinct.set(sessionKey(session), session);
      return [...distinct.values()];
    },
    close: (close) => {
      hub.disconnect(connection, channels.keys());
      closeWithError(socket, close, { terminateAfterMs: CLOSED_SOCKET_GRACE_MS });
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Closes the connections silent since before `cutoff` (ms): pusher-js pings after activity_timeout of
 * silence, so one that stays silent past the pong timeout too is gone. Returns the ones closed.
 */
export function closeIdleConnections(connections: Set<ServedConnection>, cutoff: number): ServedConnection[] {
  const idle = [...connections].filter((served) => served.lastActivity() < cutoff);
  for (const served of idle) {
    served.close(CLOSE_CODES.pongNotReceived);
    connections.delete(served);
  }
  return idle;
}
