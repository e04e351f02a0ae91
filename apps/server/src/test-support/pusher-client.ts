import Pusher from 'pusher-js';
import WebSocket from 'ws';

/**
 * The real pusher-js client, set up as the web app sets it up, against a Pusher-compatible WebSocket
 * endpoint on 127.0.0.1, authorizing private channels at `authEndpoint` with the bearer token.
 */
export function connectPusher(options: {
  wsPort: number;
  authEndpoint: string;
  accessToken: string;
}): Pusher {
  return new Pusher('portal', {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: options.wsPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: {
      endpoint: options.authEndpoint,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${options.accessToken}` },
    },
  });
}

export type ReceivedEvent = { event: string; data: unknown };

/**
 * Subscribes to a channel, collecting its non-protocol events into `received`; resolves with
 * 'succeeded' or the HTTP status of the refusal.
 */
export function subscribeChannel(pusher: Pusher, channelName: string, received: ReceivedEvent[] = []) {
  return new Promise<'succeeded' | number>((resolve) => {
    const channel = pusher.subscribe(channelName);
    channel.bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) received.push({ event, data });
    });
    channel.bind('pusher:subscription_succeeded', () => resolve('succeeded'));
    channel.bind('pusher:subscription_error', (error: { status: number }) => resolve(error.status));
  });
}

/** Polls until `read` gives a value (an awaited event, typically). */
export async function waitFor<T>(read: () => T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type ProtocolMessage = { event: string; channel?: string; data: unknown };
export type ChannelAuthorization = { auth: string; channel_data?: string };

/**
 * A raw WebSocket speaking the Pusher protocol, for what pusher-js hides: the close code, a connection
 * that never subscribes, a chosen local address (any of 127.0.0.0/8 reaches a server on 127.0.0.1).
 */
export function openPusherSocket(options: {
  port: number;
  localAddress?: string;
  headers?: Record<string, string>;
}) {
  const socket = new WebSocket(
    `ws://127.0.0.1:${options.port}/app/portal?protocol=7&client=js&version=8.6.0`,
    {
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    },
  );
  const messages: ProtocolMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => {});
  /** The socket id, or undefined when the server refused the connection instead of greeting it. */
  const established = new Promise<string | undefined>((resolve) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ProtocolMessage;
      messages.push(message);
      if (message.event === 'pusher:connection_established')
        resolve((JSON.parse(message.data as string) as { socket_id: string }).socket_id);
      if (message.event === 'pusher:error') resolve(undefined);
    });
    void closed.then(() => resolve(undefined));
  });
  return {
    socket,
    messages,
    established,
    closed,
    /** Subscribes with an authorization from the auth endpoint; resolves with the outcome. */
    async subscribe(channel: string, authorization: ChannelAuthorization): Promise<'succeeded' | 'refused'> {
      const seen = messages.length;
      socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, ...authorization } }));
      const outcome = await waitFor(() =>
        messages
          .slice(seen)
          .find(
            (message) =>
              message.channel === channel &&
              (message.event === 'pusher_internal:subscription_succeeded' ||
                message.event === 'pusher:subscription_error'),
          ),
      );
      return outcome.event === 'pusher:subscription_error' ? 'refused' : 'succeeded';
    },
  };
}

export type PusherSocket = ReturnType<typeof openPusherSocket>;
