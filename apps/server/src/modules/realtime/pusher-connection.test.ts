import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { signChannel } from './channel-signature';
import { addressKey, ConnectionAdmission, closeUnsubscribedConnections } from './connection-guards';
import {
  CLOSE_CODES,
  closeIdleConnections,
  type ServedConnection,
  servePusherConnection,
} from './pusher-connection';
import { RealtimeHub } from './realtime-hub';
import { encodeSubscriptionSession } from './subscription-session';

/** A socket as the protocol handler uses it: it receives messages and records what it is sent. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = 1;
  sent: { event: string; channel?: string; data: unknown }[] = [];
  closedWith: number | undefined;
  send(message: string) {
    this.sent.push(JSON.parse(message));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.readyState = 3;
  }
  receive(message: unknown) {
    this.emit('message', Buffer.from(typeof message === 'string' ? message : JSON.stringify(message)), false);
  }
}

const settings = { key: 'portal', secret: 'test-secret', activityTimeoutSeconds: 120 };

function connect(options: { appKey?: string; now?: () => number } = {}) {
  const socket = new FakeSocket();
  const hub = new RealtimeHub();
  const served = servePusherConnection(socket as unknown as WebSocket, {
    appKey: options.appKey ?? 'portal',
    settings,
    hub,
    ...(options.now ? { now: options.now } : {}),
  });
  return { socket, hub, served };
}

describe('the Pusher protocol, server side', () => {
  it('greets with a socket id and the activity timeout, as a JSON string', () => {
    const { socket, served } = connect();
    expect(socket.sent[0]?.event).toBe('pusher:connection_established');
    expect(JSON.parse(socket.sent[0]?.data as string)).toEqual({
      socket_id: served.socketId,
      activity_timeout: 120,
    });
    expect(served.socketId).toMatch(/^\d+\.\d+$/);
  });

  it('subscribes with a valid signature, delivers events, and stops after unsubscribing', () => {
    const { socket, hub, served } = connect();
    const channel = 'private-auth0-demo-nurse';
    socket.receive({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel({ ...settings, socketId: served.socketId, channel }) },
    });
    expect(socket.sent.at(-1)).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: '{}',
    });
    expect(hub.deliver({ channel, event: 'new-notification', data: { id: 'n1', type: 'info' } })).toBe(1);
    expect(socket.sent.at(-1)).toEqual({
      event: 'new-notification',
      channel,
      data: '{"id":"n1","type":"info"}',
    });
    socket.receive({ event: 'pusher:unsubscribe', data: { channel } });
    expect(hub.deliver({ channel, event: 'new-notification', data: { id: 'n2' } })).toBe(0);
  });

  it('a resync reaches every subscribed channel once', () => {
    const { socket, hub, served } = connect();
    for (const channel of ['private-auth0-demo-nurse', 'private-clinic-1209945553'])
      socket.receive({
        event: 'pusher:subscribe',
        data: { channel, auth: signChannel({ ...settings, socketId: served.socketId, channel }) },
      });
    expect(hub.deliverToEveryChannel('resync', {})).toBe(2);
    expect(
      socket.sent.filter((message) => message.event === 'resync').map((message) => message.channel),
    ).toEqual(['private-auth0-demo-nurse', 'private-clinic-1209945553']);
  });

  it('refuses a wrong signature, a public channel and a bad channel name', () => {
    const { socket, hub } = connect();
    socket.receive({ event: 'pusher:subscribe', data: { channel: 'private-auth0-x', auth: 'portal:00' } });
    expect(socket.sent.at(-1)).toMatchObject({
      event: 'pusher:subscription_error',
      channel: 'private-auth0-x',
    });
    socket.receive({ event: 'pusher:subscribe', data: { channel: 'news', auth: '' } });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'pusher:subscription_error', channel: 'news' });
    socket.receive({ event: 'pusher:subscribe', data: { channel: 'private-<script>' } });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'pusher:error' });
    expect(hub.stats()).toEqual({ connections: 1, channels: 0 });
  });

  it('answers pings, refuses client events and text that is not JSON', () => {
    const { socket } = connect();
    socket.receive({ event: 'pusher:ping', data: {} });
    expect(socket.sent.at(-1)).toEqual({ event: 'pusher:pong', data: '{}' });
    socket.receive({ event: 'client-typing', channel: 'private-auth0-x', data: {} });
    expect(socket.sent.at(-1)).toMatchObject({
      event: 'pusher:error',
      data: { message: 'Unsupported event' },
    });
    socket.receive('not json');
    expect(socket.sent.at(-1)).toMatchObject({
      event: 'pusher:error',
      data: { message: 'Messages must be JSON' },
    });
  });

  it('records the sign-in a subscription was authorised under, and refuses channel_data it did not sign', () => {
    const { socket, served } = connect();
    const channel = 'private-0f8c2b6e-3d4a-4c1b-9e7f-5a6b7c8d9e0f';
    const session = { userId: 'auth0|demo-nurse', grantId: 'grant-1' };
    const channelData = encodeSubscriptionSession(session);
    const auth = signChannel({ ...settings, socketId: served.socketId, channel, channelData });
    // Someone else's sign-in slipped under the same signature.
    const forged = encodeSubscriptionSession({ userId: 'auth0|demo-provider', grantId: 'grant-2' });
    socket.receive({ event: 'pusher:subscribe', data: { channel, auth, channel_data: forged } });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'pusher:subscription_error', channel });
    // Nor does the signature stand without the data it covers.
    socket.receive({ event: 'pusher:subscribe', data: { channel, auth } });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'pusher:subscription_error', channel });
    expect(served.sessions()).toEqual([]);

    socket.receive({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel });
    expect(served.sessions()).toEqual([session]);
    socket.receive({ event: 'pusher:unsubscribe', data: { channel } });
    expect(served.sessions()).toEqual([]);
  });

  it('knows since when a connection has held no subscription', () => {
    let now = 1_000;
    const { socket, served } = connect({ now: () => now });
    expect(served.unsubscribedSince()).toBe(1_000);
    const channel = 'private-clinic-1209945553';
    now = 2_000;
    socket.receive({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel({ ...settings, socketId: served.socketId, channel }) },
    });
    expect(served.unsubscribedSince()).toBeUndefined();
    now = 3_000;
    socket.receive({ event: 'pusher:unsubscribe', data: { channel } });
    expect(served.unsubscribedSince()).toBe(3_000);
  });

  it('closes connections without a subscription since before the cutoff with 4009, after a pusher:error', () => {
    let now = 1_000;
    const bare = connect({ now: () => now });
    const refused = connect({ now: () => now });
    refused.socket.receive({ event: 'pusher:subscribe', data: { channel: 'private-x', auth: 'portal:00' } });
    const subscribed = connect({ now: () => now });
    const channel = 'private-clinic-1209945553';
    subscribed.socket.receive({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel({ ...settings, socketId: subscribed.served.socketId, channel }) },
    });
    now = 40_000;
    const late = connect({ now: () => now });
    const open = new Set([bare.served, refused.served, subscribed.served, late.served]);
    expect(closeUnsubscribedConnections(open, 10_000)).toEqual([bare.served, refused.served]);
    expect(bare.socket.sent.at(-1)).toEqual({
      event: 'pusher:error',
      data: { code: 4009, message: 'Connection not authorized within timeout' },
    });
    expect(bare.socket.closedWith).toBe(4009);
    expect(refused.socket.closedWith).toBe(4009);
    expect(subscribed.socket.closedWith).toBeUndefined();
    expect(late.socket.closedWith).toBeUndefined();
    expect([...open]).toEqual([subscribed.served, late.served]);
  });

  it('closes a connection for an unknown app key with 4001', () => {
    const { socket, hub } = connect({ appKey: 'other' });
    expect(socket.sent[0]).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
    expect(socket.closedWith).toBe(4001);
    expect(hub.stats().connections).toBe(0);
  });

  it('closes connections silent past the cutoff, and leaves the rest', () => {
    let now = 1_000;
    const quiet = connect({ now: () => now });
    const chatty = connect({ now: () => now });
    now = 200_000;
    chatty.socket.receive({ event: 'pusher:ping', data: {} });
    const open = new Set<ServedConnection>([quiet.served, chatty.served]);
    const closed = closeIdleConnections(open, 150_000);
    expect(closed).toEqual([quiet.served]);
    expect(quiet.socket.closedWith).toBe(4201);
    expect(chatty.socket.closedWith).toBeUndefined();
    expect([...open]).toEqual([chatty.served]);
    expect(quiet.hub.stats().connections).toBe(0);
  });
});

describe('connection admission', () => {
  it('refuses past the per-address limit with 4101 and past the total with 4100, and gives places back', () => {
    const admission = new ConnectionAdmission({ maxConnections: 3, maxConnectionsPerIp: 2 });
    const first = admission.admit('10.0.0.1');
    const second = admission.admit('10.0.0.1');
    expect(admission.admit('10.0.0.1')).toEqual({ refused: CLOSE_CODES.tooManyFromAddress });
    expect(CLOSE_CODES.tooManyFromAddress.code).toBe(4101);
    const other = admission.admit('10.0.0.2');
    expect('release' in other).toBe(true);
    expect(admission.admit('10.0.0.3')).toEqual({ refused: CLOSE_CODES.overCapacity });
    expect(CLOSE_CODES.overCapacity.code).toBe(4100);
    if (!('release' in first) || !('release' in second)) throw new Error('expected admission');
    first.release();
    first.release(); // a second release gives nothing back twice
    expect(admission.stats()).toEqual({ connections: 2, addresses: 2 });
    expect('release' in admission.admit('10.0.0.3')).toBe(true);
    expect(admission.admit('10.0.0.1')).toEqual({ refused: CLOSE_CODES.overCapacity });
  });
});

describe('the address a connection counts against', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['a compressed IPv6 address', '2001:db8::1', '2001:db8:0:0::/64'],
    ['loopback', '::1', '0:0:0:0::/64'],
    ['a zone id', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s', (_story, ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('one client rotating through its IPv6 /64 is still one address', () => {
    const admission = new ConnectionAdmission({ maxConnections: 100, maxConnectionsPerIp: 2 });
    expect('release' in admission.admit('2001:db8:1:2::a')).toBe(true);
    expect('release' in admission.admit('2001:db8:1:2::b')).toBe(true);
    expect(admission.admit('2001:db8:1:2:ffff::c')).toEqual({ refused: CLOSE_CODES.tooManyFromAddress });
    expect('release' in admission.admit('2001:db8:1:3::a')).toBe(true);
  });
});
