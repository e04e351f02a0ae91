import { describe, expect, it, vi } from 'vitest';
import { buildPusherOptions } from './realtime-client';
import { clinicChannelName, userChannelName } from './realtime-context';

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
    const authorize = vi
      .fn()
      .mockResolvedValueOnce({ auth: 'portal:abc' })
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
    expect(first).toEqual({ error: null, data: { auth: 'portal:abc' } });
    expect(authorize).toHaveBeenCalledWith('1.2', 'private-x');
    const second = await new Promise<{ error: Error | null; data: unknown }>((resolve) =>
      handler?.({ socketId: '1.2', channelName: 'private-y' }, (error, data) => resolve({ error, data })),
    );
    expect(second.error?.message).toBe('Not allowed');
    expect(second.data).toBeNull();
  });

  it('names the channels as the server does', () => {
    expect(userChannelName('auth0|demo-provider')).toBe('private-auth0-demo-provider');
    expect(clinicChannelName('1209945553')).toBe('private-clinic-1209945553');
  });
});
