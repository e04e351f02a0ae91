import { describe, expect, it, vi } from 'vitest';
import { buildPusherOptions } from './realtime-client';

const base = { key: 'portal', cluster: 'local', forceTLS: false, authEndpoint: '/api/realtime/auth' };

describe('the realtime client options', () => {
  it("points pusher-js at the portal's own endpoint, WebSocket only, with the SPEC §9 timeouts", () => {
    const options = buildPusherOptions({ ...base, host: '127.0.0.1:4000' }, vi.fn());
    expect(options).toMatchObject({
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: 4000,
      wssPort: 4000,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
    });
  });

  it("uses the hosted cluster's own host when none is given", () => {
    const options = buildPusherOptions({ ...base, cluster: 'eu', host: null, forceTLS: true }, vi.fn());
    expect(options.wsHost).toBeUndefined();
    expect(options.wsPort).toBeUndefined();
    expect(options).toMatchObject({ cluster: 'eu', forceTLS: true });
  });

  it('authorizes each subscription through the given call, and passes a refusal on', async () => {
    const channelData = '{"user_id":"auth0|x","grant_id":"g"}';
    const authorize = vi
      .fn()
      .mockResolvedValueOnce({ auth: 'portal:abc', channel_data: channelData })
      .mockRejectedValueOnce(new Error('Not allowed'));
    const options = buildPusherOptions({ ...base, host: null }, authorize);
    const handler =
      options.channelAuthorization && 'customHandler' in options.channelAuthorization
        ? options.channelAuthorization.customHandler
        : undefined;
    expect(handler).toBeDefined();
    const first = await new Promise((resolve) =>
      handler?.({ socketId: '1.2', channelName: 'private-x' }, (error, data) => resolve({ error, data })),
    );
    // channel_data is handed to pusher-js untouched: the server checks its signature on subscribe.
    expect(first).toEqual({ error: null, data: { auth: 'portal:abc', channel_data: channelData } });
    expect(authorize).toHaveBeenCalledWith('1.2', 'private-x');
    const second = await new Promise<{ error: Error | null; data: unknown }>((resolve) =>
      handler?.({ socketId: '1.2', channelName: 'private-y' }, (error, data) => resolve({ error, data })),
    );
    expect(second.error?.message).toBe('Not allowed');
    expect(second.data).toBeNull();
  });
});
