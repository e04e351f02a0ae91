import Pusher from 'pusher-js';

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
