import type { RealtimeEvent } from './realtime-outbox';

/** What the hub needs of a connection: a way to send it a protocol message. */
export type HubConnection = { send: (message: string) => void };

/** This instance's subscriptions: which of its WebSocket connections listen on which channel. */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<HubConnection>>();
  readonly connections = new Set<HubConnection>();

  subscribe(connection: HubConnection, channel: string) {
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(connection);
  }

  unsubscribe(connection: HubConnection, channel: string) {
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.subscribers.delete(channel);
  }

  disconnect(connection: HubConnection, channels: Iterable<string>) {
    for (const channel of channels) this.unsubscribe(connection, channel);
    this.connections.delete(connection);
  }

  /** Sends an event to every subscriber of its channel on this instance; returns how many got it. */
  deliver(event: RealtimeEvent): number {
    const set = this.subscribers.get(event.channel);
    if (!set) return 0;
    // Every `data` field of the protocol is a JSON string.
    const message = JSON.stringify({
      event: event.event,
      channel: event.channel,
      data: JSON.stringify(event.data),
    });
    for (const connection of set) connection.send(message);
    return set.size;
  }

  /** Sends one event to every channel with a subscriber here (e.g. 'resync' after missed events). */
  deliverToEveryChannel(event: string, data: Record<string, unknown>): number {
    let delivered = 0;
    for (const channel of [...this.subscribers.keys()]) delivered += this.deliver({ channel, event, data });
    return delivered;
  }

  stats() {
    return { connections: this.connections.size, channels: this.subscribers.size };
  }
}
