import { buildUserChannelName, clinicsWherePermitted, readClinicChannelNpi } from '@portal/domain';
import type { Actor } from '../../auth/actor';

// Two kinds of private channel (the domain's realtime contract names them): one per user (their
// notifications) and one per clinic (its documents changed). Events on both carry ids only, never PHI.

/** Pusher channel names: up to 164 characters from this set. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** Whether the actor may subscribe: their own user channel, or the channel of a clinic whose documents they read. */
export function mayJoinChannel(actor: Actor, channel: string): boolean {
  if (channel === buildUserChannelName(actor.user.channelId)) return true;
  const npi = readClinicChannelNpi(channel);
  if (npi === undefined) return false;
  const scope = clinicsWherePermitted(actor.user, 'document:read');
  return /^\d{10}$/.test(npi) && (scope === 'all' || scope.includes(npi));
}
