import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEMO_PASSWORD } from '../../test-support/database-templates';
import { OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { openPusherSocket, type PusherSocket, waitFor } from '../../test-support/pusher-client';
import { findFreePort } from '../../test-support/server-process';
import { bearer, signIn, signOut, type Tokens } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { hashPassword } from '../credentials/passwords';
import { serializeRoles } from '../users/users.repository';

// Who may hold a realtime channel: a signed-out or locked user's sockets are closed within seconds, and
// no two users share a channel.

describe('realtime access follows the sign-in', () => {
  let portal: TestApp;
  let port: number;
  const sockets: PusherSocket[] = [];

  const channelOf = async (tokens: Tokens) =>
    (await portal.app.inject({ url: '/api/users/me', headers: bearer(tokens) })).json()
      .notificationChannel as string;

  const authorize = (tokens: Tokens, socketId: string, channel: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: { ...bearer(tokens), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
    });

  /** A socket subscribed, as `tokens`, to their own channel and their clinic's. */
  async function listenAs(tokens: Tokens) {
    const pusher = openPusherSocket({ port });
    sockets.push(pusher);
    const socketId = await pusher.established;
    if (!socketId) throw new Error('connection refused');
    for (const channel of [await channelOf(tokens), `private-clinic-${OWN_CLINIC_NPI}`]) {
      const authorization = await authorize(tokens, socketId, channel);
      expect(authorization.statusCode).toBe(200);
      expect(await pusher.subscribe(channel, authorization.json())).toBe('succeeded');
    }
    return pusher;
  }

  const sendTestNotification = async (tokens: Tokens) => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/notifications/in-app/test',
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { ids: string[] }).ids[0] as string;
  };
  const notificationReached = (socket: PusherSocket, id: string) =>
    waitFor(() =>
      socket.messages.find(
        (message) =>
          message.event === 'new-notification' &&
          (JSON.parse(message.data as string) as { id: string }).id === id,
      ),
    );

  beforeAll(async () => {
    portal = await createTestApp();
    port = await findFreePort();
    await portal.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const { socket } of sockets) socket.terminate();
    await portal.close();
  });

  it("locking a user closes their sockets with 4009 within seconds; another user's stay open", async () => {
    const [admin, provider, nurse] = await Promise.all([
      signIn(portal.app, 'irhadmin@example.org'),
      signIn(portal.app, 'provider@example.org'),
      signIn(portal.app, 'nurse@example.org'),
    ]);
    const providerSocket = await listenAs(provider);
    const nurseSocket = await listenAs(nurse);
    await notificationReached(providerSocket, await sendTestNotification(provider));

    const lock = await portal.app.inject({
      method: 'POST',
      url: `/api/users/${encodeURIComponent('auth0|demo-provider')}/lock-state`,
      headers: bearer(admin),
      payload: { isLocked: true },
    });
    expect(lock.statusCode).toBe(200);
    const lockedAt = Date.now();
    expect(await providerSocket.closed).toEqual({ code: 4009, reason: 'Connection is unauthorized' });
    expect(Date.now() - lockedAt).toBeLessThan(8000);
    expect(providerSocket.messages.at(-1)).toEqual({
      event: 'pusher:error',
      data: { code: 4009, message: 'Connection is unauthorized' },
    });

    expect(nurseSocket.socket.readyState).toBe(nurseSocket.socket.OPEN);
    await notificationReached(nurseSocket, await sendTestNotification(nurse));
  });

  it('signing out closes the sockets of that sign-in only', async () => {
    const [first, second, witness] = await Promise.all([
      signIn(portal.app, 'clinicadmin@example.org'),
      signIn(portal.app, 'clinicadmin@example.org'),
      signIn(portal.app, 'readonly@example.org'),
    ]);
    const firstSocket = await listenAs(first);
    const secondSocket = await listenAs(second);
    const witnessSocket = await listenAs(witness);

    expect(await signOut(portal.app, first)).toBeLessThan(400);
    const signedOutAt = Date.now();
    expect((await firstSocket.closed).code).toBe(4009);
    expect(Date.now() - signedOutAt).toBeLessThan(8000);

    // The same user's other sign-in, and someone else's, still listen.
    expect(secondSocket.socket.readyState).toBe(secondSocket.socket.OPEN);
    expect(witnessSocket.socket.readyState).toBe(witnessSocket.socket.OPEN);
    await notificationReached(secondSocket, await sendTestNotification(second));
    await notificationReached(witnessSocket, await sendTestNotification(witness));
  });

  it("two users whose ids differ only in '.' and '-' get different channels and cannot join each other's", async () => {
    const passwordHash = await hashPassword(TEST_DEMO_PASSWORD);
    const accounts = ['jane.doe@x.example', 'jane-doe@x.example'];
    await portal.db
      .insertInto('users')
      .values(
        accounts.map((email) => ({
          id: `samlp|UNKNOWN|${email}`,
          email,
          roles: serializeRoles([{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }]),
          passwordHash,
        })),
      )
      .execute();
    const [dot, dash] = await Promise.all(accounts.map((email) => signIn(portal.app, email)));
    if (!dot || !dash) throw new Error('sign-in failed');
    const [dotChannel, dashChannel] = await Promise.all([channelOf(dot), channelOf(dash)]);
    expect(dotChannel).not.toBe(dashChannel);

    // Each is refused the other's channel, and the one both ids used to map to.
    for (const [tokens, channel] of [
      [dash, dotChannel],
      [dot, dashChannel],
      [dash, 'private-samlp-UNKNOWN-jane-doe-x-example'],
      [dot, 'private-samlp-UNKNOWN-jane-doe-x-example'],
    ] as const)
      expect((await authorize(tokens, '1.2', channel)).statusCode).toBe(403);

    // What is sent to one reaches that one only.
    const dotSocket = await listenAs(dot);
    const dashSocket = await listenAs(dash);
    const id = await sendTestNotification(dot);
    await notificationReached(dotSocket, id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dashSocket.messages.filter((message) => message.event === 'new-notification')).toEqual([]);
  });
});
