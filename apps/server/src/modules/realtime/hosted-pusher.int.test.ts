import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { connectPusher } from '../../test-support/pusher-client';
import { findFreePort } from '../../test-support/server-process';
import { bearer, signIn, type Tokens } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// PUSHER_* set: events leave through the official `pusher` package. The Pusher-compatible service here
// is a second portal (its own endpoint speaks the Pusher HTTP API), which the browser's pusher-js joins.
describe('with PUSHER_* set, events go through the official pusher package', () => {
  let service: TestApp;
  let portal: TestApp;
  let servicePort: number;
  let portalUrl: string;
  let client: Pusher | undefined;
  let providerChannel: string;
  const channelOf = async (tokens: Tokens) =>
    (await portal.app.inject({ url: '/api/users/me', headers: bearer(tokens) })).json()
      .notificationChannel as string;

  beforeAll(async () => {
    service = await createTestApp();
    servicePort = await findFreePort();
    await service.app.listen({ port: servicePort, host: '127.0.0.1' });
    const secret = await service.db
      .selectFrom('appSecrets')
      .select('value')
      .where('name', '=', 'realtime-channel-secret')
      .executeTakeFirstOrThrow();
    portal = await createTestApp({
      env: {
        PUSHER_APP_ID: 'portal-test',
        PUSHER_KEY: 'portal',
        PUSHER_SECRET: secret.value as string,
        PUSHER_CLUSTER: 'local',
        PUSHER_HOST: `127.0.0.1:${servicePort}`,
        PUSHER_USE_TLS: 'false',
      },
    });
    const portalPort = await findFreePort();
    await portal.app.listen({ port: portalPort, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${portalPort}`;
  });
  afterAll(async () => {
    client?.disconnect();
    await portal.close();
    await service.close();
  });

  it('tells the web app where the service is', async () => {
    const config = await portal.app.inject({ url: '/api/config' });
    expect(config.json().realtime).toEqual({
      key: 'portal',
      cluster: 'local',
      host: `127.0.0.1:${servicePort}`,
      forceTLS: false,
      authEndpoint: '/api/realtime/auth',
    });
  });

  it('a comment on the portal reaches the provider through the service', async () => {
    const [provider, nurse] = await Promise.all([
      signIn(portal.app, 'provider@example.org'),
      signIn(portal.app, 'nurse@example.org'),
    ]);
    providerChannel = await channelOf(provider);
    client = connectPusher({
      wsPort: servicePort,
      authEndpoint: `${portalUrl}/api/realtime/auth`,
      accessToken: provider.accessToken,
    });
    const received: { id: string; type: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      const channel = client?.subscribe(providerChannel);
      channel?.bind('new-notification', (data: { id: string; type: string }) => received.push(data));
      channel?.bind('pusher:subscription_succeeded', () => resolve());
      channel?.bind('pusher:subscription_error', (error: unknown) =>
        reject(new Error(JSON.stringify(error))),
      );
    });
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.app.inject({
      method: 'POST',
      url: `/api/reports/${document.id}/comments`,
      headers: bearer(nurse),
      payload: { to: 'auth0|demo-provider', text: 'Through the hosted service.' },
    });
    expect(response.statusCode).toBe(201);
    const deadline = Date.now() + 8000;
    while (received.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received[0]?.type).toBe('comment');
    // The relay marks its rows published once the service has answered, which can be a moment after the
    // service has already delivered the event to the browser.
    const unpublished = () =>
      portal.db.selectFrom('realtimeOutbox').select('id').where('publishedAt', 'is', null).execute();
    while ((await unpublished()).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await unpublished()).toEqual([]);
  });

  it('publishes what an instance that died before relaying left in the outbox', async () => {
    const received: { id: string }[] = [];
    client?.channel(providerChannel)?.bind('new-notification', (data: { id: string }) => received.push(data));
    // What a crash between the commit and the relay leaves: an unpublished row and no wake-up.
    await portal.db
      .insertInto('realtimeOutbox')
      .values({
        events: JSON.stringify([
          {
            channel: providerChannel,
            event: 'new-notification',
            data: { id: 'left-behind', type: 'info' },
          },
        ]),
      })
      .execute();
    const deadline = Date.now() + 8000;
    while (!received.some((item) => item.id === 'left-behind') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received.map((item) => item.id)).toContain('left-behind');
  });

  it('the service refuses events that are not signed with its secret', async () => {
    const body = JSON.stringify({
      name: 'new-notification',
      channels: ['private-auth0-demo-provider'],
      data: '{}',
    });
    const response = await fetch(
      `http://127.0.0.1:${servicePort}/apps/1/events?auth_key=portal&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0&auth_signature=${'0'.repeat(64)}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    );
    expect(response.status).toBe(401);
  });
});
