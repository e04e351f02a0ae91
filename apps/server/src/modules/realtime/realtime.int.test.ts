import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { insertDocument, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import {
  connectPusher as connectClient,
  type ReceivedEvent as Received,
  subscribeChannel as subscribe,
  waitFor,
} from '../../test-support/pusher-client';
import { findFreePort } from '../../test-support/server-process';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';

// The real pusher-js client against the portal's own Pusher-compatible endpoint, over a real socket.

describe('realtime push over the Pusher protocol', () => {
  const portal = signedInPortal(['provider', 'nurse']);
  let baseUrl: string;
  let port: number;
  let providerChannel: string;
  let nurseChannel: string;
  const clients: Pusher[] = [];
  const connectPusher = (caller: Caller) =>
    connectClient({
      wsPort: port,
      authEndpoint: `${baseUrl}/api/realtime/auth`,
      accessToken: caller.tokens.accessToken,
    });

  beforeAll(async () => {
    port = await findFreePort();
    await portal.app.listen({ port, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${port}`;
    const channelOf = async (caller: Caller) =>
      (await caller.get('/api/users/me')).json().notificationChannel as string;
    [providerChannel, nurseChannel] = await Promise.all([
      channelOf(portal.as.provider),
      channelOf(portal.as.nurse),
    ]);
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
  });

  it('each user has a channel named after their stored channel id', async () => {
    const stored = await portal.db
      .selectFrom('users')
      .select(['id', 'channelId'])
      .where('id', 'in', ['auth0|demo-provider', 'auth0|demo-nurse'])
      .execute();
    const byId = new Map(stored.map((row) => [row.id, row.channelId]));
    expect(providerChannel).toBe(`private-${byId.get('auth0|demo-provider')}`);
    expect(nurseChannel).toBe(`private-${byId.get('auth0|demo-nurse')}`);
    expect(providerChannel).toMatch(/^private-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('the provider hears, live, that the nurse commented to them; the event carries ids only', async () => {
    const pusher = connectPusher(portal.as.provider);
    clients.push(pusher);
    const received: Received[] = [];
    expect(await subscribe(pusher, providerChannel, received)).toBe('succeeded');

    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const comment = await portal.as.nurse.post(`/api/reports/${document.id}/comments`, {
      to: 'auth0|demo-provider',
      text: 'Please look at the AF episode on page 2.',
    });
    expect(comment.statusCode).toBe(201);

    const event = await waitFor(() => received.find((item) => item.event === 'new-notification'));
    const data = event.data as { id: string; type: string };
    expect(data.type).toBe('comment');
    expect(Object.keys(data).sort()).toEqual(['id', 'type']);

    const list = await portal.as.provider.get('/api/notifications/in-app');
    expect(list.json()).toMatchObject({ unreadCount: 1, totalCount: 1 });
    expect(list.json().data[0]).toMatchObject({
      id: data.id,
      type: 'comment',
      fromUserId: 'auth0|demo-nurse',
      url: `/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=any&assignedTo=any&idIn=${document.id}`,
      documentId: document.id,
    });
  });

  it("refuses another user's channel and another clinic's channel with 403", async () => {
    const pusher = connectPusher(portal.as.provider);
    clients.push(pusher);
    expect(await subscribe(pusher, nurseChannel, [])).toBe(403);
    // The channel the user id used to name is no one's.
    expect(await subscribe(pusher, 'private-auth0-demo-provider', [])).toBe(403);
    expect(await subscribe(pusher, `private-clinic-${OTHER_CLINIC_NPI}`, [])).toBe(403);
    expect(await subscribe(pusher, 'private-anything-else', [])).toBe(403);

    const direct = await portal.as.provider.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=1.2&channel_name=${nurseChannel}`,
    });
    expect(direct.statusCode).toBe(403);
    const anonymous = await portal.app.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=1.2&channel_name=${providerChannel}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await portal.as.provider.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=nope&channel_name=${providerChannel}`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('socket_id');
  });

  it('open inboxes of the clinic hear that a document changed', async () => {
    const pusher = connectPusher(portal.as.nurse);
    clients.push(pusher);
    const received: Received[] = [];
    expect(await subscribe(pusher, `private-clinic-${OWN_CLINIC_NPI}`, received)).toBe('succeeded');
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    const signed = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {});
    expect(signed.statusCode).toBe(200);
    const event = await waitFor(() =>
      received.find(
        (item) =>
          item.event === 'documents-changed' && (item.data as { ids: string[] }).ids.includes(document.id),
      ),
    );
    expect(event.data).toEqual({ ids: [document.id], eventType: 'signed' });
  });

  it('a forged subscription signature is refused on the socket itself', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/portal?protocol=7&client=js&version=8.0.0`);
    const messages: { event: string; data: unknown; channel?: string }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    const established = await waitFor(() =>
      messages.find((m) => m.event === 'pusher:connection_established'),
    );
    expect(JSON.parse(established.data as string)).toMatchObject({ activity_timeout: 120 });
    socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: providerChannel, auth: 'portal:0000' },
      }),
    );
    const refused = await waitFor(() => messages.find((m) => m.event === 'pusher:subscription_error'));
    expect(refused.channel).toBe(providerChannel);
    socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await waitFor(() => messages.find((m) => m.event === 'pusher:pong'));
    socket.close();

    const wrongKey = new WebSocket(`ws://127.0.0.1:${port}/app/not-our-key?protocol=7`);
    const closeCode = await new Promise<number>((resolve) => wrongKey.on('close', (code) => resolve(code)));
    expect(closeCode).toBe(4001);
  });
});
