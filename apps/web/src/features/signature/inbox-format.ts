import { formatUsDate, formatUserDisplayName } from '@portal/domain';
import { differenceInCalendarDays } from 'date-fns';
import type { UserResource } from '../../lib/user-resource';

/** A date as the inbox shows it: the domain's US date (SPEC §9), '—' where there is none. */
export function formatInboxDate(value: string | null | undefined): string {
  return formatUsDate(value) || '—';
}

/**
 * The list's count: '12 of 40' (with '+' when the server only knows a lower bound), or '12 shown' when
 * the total is not known.
 */
export function describeListCount(
  shown: number,
  total: { totalCount?: number | null; totalCountIsLowerBound?: boolean } | undefined,
): string {
  const totalCount = total?.totalCount;
  if (totalCount === null || totalCount === undefined) return `${shown} shown`;
  return `${shown} of ${totalCount}${total?.totalCountIsLowerBound ? '+' : ''}`;
}

/** Whole calendar days since the document was received; undefined when not known. */
export function countDaysWaiting(createdAt: string | undefined, now: Date): number | undefined {
  if (!createdAt) return undefined;
  const received = new Date(createdAt);
  if (Number.isNaN(received.getTime())) return undefined;
  return Math.max(0, differenceInCalendarDays(now, received));
}

/** The list's short form ('today', '3d') and the words a screen reader hears ('waiting 3 days'). */
export function formatDaysWaiting(days: number | undefined): { short: string; long: string } {
  if (days === undefined) return { short: '—', long: 'received date unknown' };
  if (days === 0) return { short: 'today', long: 'received today' };
  return { short: `${days}d`, long: `waiting ${days} ${days === 1 ? 'day' : 'days'}` };
}

/** A person the reader may pick (a comment's addressee, a reassignment's provider), by display name. */
export type NamedPerson = { id: string; name: string };

/** What the inbox calls a person it cannot name (the reader may not list the clinic's users). */
export const UNKNOWN_PERSON = 'another user';

/**
 * Names people by their SPEC §3 display name (title, names, suffixes, '(IRH)'), never by their id: the
 * signed-in user from the session, everyone else from the clinic's users the reader may list.
 */
export function createPersonNamer(options: {
  userId: string;
  displayName: string;
  people: readonly (readonly UserResource[] | undefined)[];
}): (id: string) => string {
  const names = new Map<string, string>();
  for (const list of options.people) {
    for (const person of list ?? []) names.set(person.id, formatUserDisplayName(person.attributes));
  }
  names.set(options.userId, options.displayName);
  return (id) => names.get(id) || UNKNOWN_PERSON;
}
