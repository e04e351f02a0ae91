import { createContext, useContext, useEffect, useRef } from 'react';

/** What a realtime event handler receives: the event's data, already parsed from JSON. */
export type RealtimeHandler = (data: unknown) => void;
/** A handler for every event on every channel (pusher-js `bind_global`). */
export type RealtimeGlobalHandler = (event: string, data: unknown) => void;

/** pusher-js connection states, plus 'disabled' when no realtime configuration is known. */
export type RealtimeConnectionState =
  | 'initialized'
  | 'connecting'
  | 'connected'
  | 'unavailable'
  | 'failed'
  | 'disconnected'
  | 'disabled';

/** Realtime event names (the server's REALTIME_EVENTS). */
export const REALTIME_EVENTS = {
  /** On the user's channel: `{id, type}` of a new notification. */
  newNotification: 'new-notification',
  /** On a clinic's channel: `{ids, eventType}` of documents that changed. */
  documentsChanged: 'documents-changed',
  /** On any channel: the server may have missed events for it; reload what it shows. */
  resync: 'resync',
} as const;

/** A clinic's private channel: its documents changed. */
export function clinicChannelName(npi: string): string {
  return `private-clinic-${npi}`;
}

export type Realtime = {
  state: RealtimeConnectionState;
  /** The signed-in user's channel (subscribed for as long as they are signed in). */
  userChannel: string | undefined;
  /** Whether the server confirmed the user's channel subscription (events on it now arrive). */
  userChannelReady: boolean;
  /** The current clinic's channel (follows the clinic picker). */
  clinicChannel: string | undefined;
  /** Subscribes (when needed) and binds; returns the unbind. */
  bind: (channel: string, event: string, handler: RealtimeHandler) => () => void;
  /** Binds a handler to every event; returns the unbind. */
  bindGlobal: (handler: RealtimeGlobalHandler) => () => void;
};

const noop = () => {};

/** Without a provider (tests, pages outside the session) realtime is simply off. */
export const DISABLED_REALTIME: Realtime = {
  state: 'disabled',
  userChannel: undefined,
  userChannelReady: false,
  clinicChannel: undefined,
  bind: () => noop,
  bindGlobal: () => noop,
};

export const RealtimeContext = createContext<Realtime>(DISABLED_REALTIME);

export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

/**
 * Calls `handler` for each `event` on `channel` while the component is mounted. The latest handler is
 * always the one called, so callers need not memoize it. An undefined channel binds nothing.
 */
export function useRealtimeEvent(
  channel: 'user' | 'clinic' | (string & {}) | undefined,
  event: string,
  handler: RealtimeHandler,
): void {
  const realtime = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  const name =
    channel === 'user' ? realtime.userChannel : channel === 'clinic' ? realtime.clinicChannel : channel;
  const { bind } = realtime;
  useEffect(() => {
    if (!name) return undefined;
    return bind(name, event, (data) => latest.current(data));
  }, [bind, name, event]);
}
