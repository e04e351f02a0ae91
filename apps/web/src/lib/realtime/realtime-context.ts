import { createContext, useContext, useEffect, useRef } from 'react';

// The event names are the domain's realtime contract; pages bind them through useRealtimeEvent.
export { REALTIME_EVENTS } from '@portal/domain';

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
