import type { SessionRef } from '../identity/live-sessions';

// The instance that authorises a subscription (POST /api/realtime/auth) need not be the one holding the
// socket. So the sign-in behind the subscription travels with it: the authorising instance returns it
// as the subscription's channel_data, signed together with socket id and channel; pusher-js sends it
// back verbatim on pusher:subscribe, and the serving instance checks that sign-in while the socket lives.

const MAX_CHANNEL_DATA_LENGTH = 1024;

/** The channel_data of a subscription authorised under `session`. */
export function encodeSubscriptionSession(session: SessionRef): string {
  return JSON.stringify({ user_id: session.userId, grant_id: session.grantId });
}

/** The session in a (signature-checked) channel_data, or undefined when it is not one of ours. */
export function decodeSubscriptionSession(channelData: string): SessionRef | undefined {
  if (channelData.length > MAX_CHANNEL_DATA_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return undefined;
  }
  const { user_id: userId, grant_id: grantId } = (parsed ?? {}) as { user_id?: unknown; grant_id?: unknown };
  if (typeof userId !== 'string' || userId === '') return undefined;
  if (grantId !== null && (typeof grantId !== 'string' || grantId === '')) return undefined;
  return { userId, grantId };
}
