import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { signChannel } from './channel-signature';
import { closeIdleConnections, type ServedConnection, servePusherConnection } from './pusher-connection';
import { RealtimeHub } from './realtime-hub';

/** A socket as the protocol handler uses it: it receives messages and records what it is sent. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
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
