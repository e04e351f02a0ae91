import { buildNotificationChannelName, clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';

// Two kinds of private channel: one per user (their notifications) and one per clinic (its documents
// changed). Events on both carry ids only, never PHI.

/**
 * A user's channel: 'private-' plus the SPEC §3 channel-name rule applied to their stored channel id
 * (users.channel_id, unique by construction). Never the user id: two ids differing only in characters the
 * rule turns into '-' ('jane.doe' and 'jane-doe') would share a channel.
 */
export function userChannel(channelId: string): string {
  return `private-${buildNotificationChannelName(channelId)}`;
}

const CLINIC_CHANNEL_PREFIX = 'private-clinic-';

export function clinicChannel(clinicNpi: string): string {
  return `${CLINIC_CHANNEL_PREFIX}${clinicNpi}`;
}

/** Pusher channel names: up to 164 characters from this set. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** Whether the actor may subscribe: their own user channel, or the channel of a clinic whose documents they read. */
export function mayJoinChannel(actor: Actor, channel: string): boolean {
  if (channel === userChannel(actor.user.channelId)) return true;
  if (channel.startsWith(CLINIC_CHANNEL_PREFIX)) {
    const npi = channel.slice(CLINIC_CHANNEL_PREFIX.length);
    const scope = clinicsWherePermitted(actor.user, 'document:read');
    return /^\d{10}$/.test(npi) && (scope === 'all' || scope.includes(npi));
  }
  return false;
}

/** Realtime event names. */
export const REALTIME_EVENTS = {
  /** On a user channel: `{id, type}` of the new notification. */
  newNotification: 'new-notification',
  /** On a clinic channel: `{ids, eventType}` of documents that changed. */
  documentsChanged: 'documents-changed',
  /** On every channel this instance serves: events may have been missed; reload what the channel shows. */
  resync: 'resync',
} as const;
