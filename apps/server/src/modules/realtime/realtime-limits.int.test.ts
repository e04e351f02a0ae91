import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectPusher,
  openPusherSocket,
  type PusherSocket,
  subscribeChannel,
} from '../../test-support/pusher-client';
import { findFreePort } from '../../test-support/server-process';
import { bearer, signIn } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// One client used to open 10,000 unauthenticated sockets in 2.7 s. Connections are now limited per
// client address and in all, refused with the Pusher protocol's close codes, and a connection that holds
// no authorised subscription is closed after a timeout.

async function listening(env: Record<string, string>) {
  const portal = await createTestApp({ env });
  const port = await findFreePort();
  await portal.app.listen({ port, host: '127.0.0.1' });
  return { portal, port };
}

describe('realtime connection limits', () => {
  let portal: TestApp;
  let port: number;
  const sockets: PusherSocket[] = [];
  const open = (localAddress: string, headers?: Record<string, string>) => {
    const socket = openPusherSocket({ port, localAddress, ...(headers ? { headers } : {}) });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ({ portal, port } = await listening({
      REALTIME_MAX_CONNECTIONS: '4',
      REALTIME_MAX_CONNECTIONS_PER_IP: '2',
    }));
  });
  afterAll(async () => {
    for (const { socket } of sockets) socket.terminate();
    await portal.close();
  });

  it('refuses a connection past the per-address limit with 4101 and past the total with 4100', async () => {
    const first = open('127.0.0.1');
    const second = open('127.0.0.1');
    expect(await first.established).toMatch(/^\d+\.\d+$/);
    expect(await second.established).toMatch(/^\d+\.\d+$/);

    const third = open('127.0.0.1');
    expect(await third.established).toBeUndefined();
    // As the protocol does: a pusher:error with the code, then the close frame with it.
    expect(third.messages).toEqual([
      { event: 'pusher:error', data: { code: 4101, message: 'Too many connections from this address' } },
    ]);
    expect(await third.closed).toEqual({ code: 4101, reason: 'Too many connections from this address' });

    // Other addresses still get in, up to the total.
    expect(await open('127.0.0.2').established).toBeDefined();
    expect(await open('127.0.0.3').established).toBeDefined();
    const fifth = open('127.0.0.4');
    expect(await fifth.established).toBeUndefined();
    expect(fifth.messages[0]).toEqual({
      event: 'pusher:error',
      data: { code: 4100, message: 'Over capacity' },
    });
    expect((await fifth.closed).code).toBe(4100);

    // A closed connection gives its place back.
    first.socket.close();
    await first.closed;
    let again: PusherSocket | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = open('127.0.0.1');
      if (await candidate.established) {
        again = candidate;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again).toBeDefined();
  });
});

describe('the per-address limit behind no trusted proxy', () => {
  let portal: TestApp;
  let port: number;
  const sockets: PusherSocket[] = [];

  beforeAll(async () => {
    ({ portal, port } = await listening({ REALTIME_MAX_CONNECTIONS_PER_IP: '2' }));
  });
  afterAll(async () => {
    for (const { socket } of sockets) socket.terminate();
    await portal.close();
  });

  it('a rotating X-Forwarded-For does not make one client many (TRUST_PROXY lists no proxy)', async () => {
    for (const forwarded of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      sockets.push(openPusherSocket({ port, headers: { 'x-forwarded-for': forwarded } }));
    const greeted = await Promise.all(sockets.map((socket) => socket.established));
    expect(greeted.filter((socketId) => socketId !== undefined)).toHaveLength(2);
    expect((await sockets[2]?.closed)?.code).toBe(4101);
  });
});

describe('a connection without an authorised subscription', () => {
  let portal: TestApp;
  let port: number;

  beforeAll(async () => {
    ({ portal, port } = await listening({ REALTIME_SUBSCRIBE_TIMEOUT_SECONDS: '1' }));
  });
  afterAll(async () => {
    await portal.close();
  });

  it('is closed with 4009 after the subscribe timeout; a subscribed one stays open', async () => {
    const nurse = await signIn(portal.app, 'nurse@example.org');
    const me = await portal.app.inject({ url: '/api/users/me', headers: bearer(nurse) });
    const pusher = connectPusher({
      wsPort: port,
      authEndpoint: `http://127.0.0.1:${port}/api/realtime/auth`,
      accessToken: nurse.accessToken,
    });
    try {
      expect(await subscribeChannel(pusher, me.json().notificationChannel)).toBe('succeeded');

      const idle = openPusherSocket({ port });
      const refused = openPusherSocket({ port });
      expect(await idle.established).toBeDefined();
      expect(await refused.established).toBeDefined();
      // A subscription the server refuses does not count.
      expect(await refused.subscribe(me.json().notificationChannel, { auth: 'portal:forged' })).toBe(
        'refused',
      );
      const startedAt = Date.now();
      expect(await idle.closed).toEqual({ code: 4009, reason: 'Connection not authorized within timeout' });
      expect(Date.now() - startedAt).toBeLessThan(5000);
      expect(idle.messages.at(-1)).toEqual({
        event: 'pusher:error',
        data: { code: 4009, message: 'Connection not authorized within timeout' },
      });
      expect((await refused.closed).code).toBe(4009);
      expect(pusher.connection.state).toBe('connected');
    } finally {
      pusher.disconnect();
    }
  });
});
