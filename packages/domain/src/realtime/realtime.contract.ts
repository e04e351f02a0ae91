// Realtime push (SPEC §7 Realtime, §9), written once: the event names, the channel names both sides build,
// the client's timeouts and the channel authorization's answer. Events carry ids only, never PHI.

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';

/** The realtime client's defaults of SPEC §9 (Pusher protocol). */
export const REALTIME_ACTIVITY_TIMEOUT_MS = 120_000;
export const REALTIME_PONG_TIMEOUT_MS = 30_000;
export const REALTIME_UNAVAILABLE_TIMEOUT_MS = 10_000;

/** Realtime event names. */
export const REALTIME_EVENTS = {
  /** On a user channel: `{id, type}` of the new notification. */
  newNotification: 'new-notification',
  /** On a clinic channel: `{ids, eventType}` of documents that changed. */
  documentsChanged: 'documents-changed',
  /** On every channel an instance serves: events may have been missed; reload what the channel shows. */
  resync: 'resync',
} as const;

/**
 * A user's private channel (their notifications): 'private-' and the SPEC §3 notification channel name of
 * their stored channel id (users.channel_id, a UUID), every non-alphanumeric character replaced by '-'.
 * The rule is not one-to-one ('a.b' and 'a-b' give the same name), so it is never applied to the user id:
 * two ids differing only in such characters would share a channel.
 */
export function buildUserChannelName(channelId: string): string {
  return `private-${channelId.replace(/[^a-zA-Z0-9]/g, '-')}`;
}

const CLINIC_CHANNEL_PREFIX = 'private-clinic-';

/** A clinic's private channel: its documents changed. */
export function buildClinicChannelName(clinicNpi: string): string {
  return `${CLINIC_CHANNEL_PREFIX}${clinicNpi}`;
}

/** The clinic NPI a clinic channel's name holds, or undefined for any other channel. */
export function readClinicChannelNpi(channel: string): string | undefined {
  return channel.startsWith(CLINIC_CHANNEL_PREFIX) ? channel.slice(CLINIC_CHANNEL_PREFIX.length) : undefined;
}

/**
 * POST /api/realtime/auth: the channel authorization. `channel_data` (the sign-in it was authorized under,
 * signed with the channel) must reach the server unchanged: pusher-js sends it along when it subscribes.
 */
export const channelAuthorizationSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });
export type ChannelAuthorization = z.infer<typeof channelAuthorizationSchema>;

// Marked pure so that the web build can drop the schema (see documents.contract.ts).
export const realtimeResponseContracts = [
  /* @__PURE__ */ defineResponseContract('POST', '/api/realtime/auth', channelAuthorizationSchema),
] as const;
