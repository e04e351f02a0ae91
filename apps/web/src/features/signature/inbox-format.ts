import { DOCUMENT_TYPE_LABELS, formatUserDisplayName } from '@portal/domain';
import { differenceInCalendarDays, format } from 'date-fns';
import type { UserResource } from '../../lib/user-resource';

/** A date as the inbox shows it (US, SPEC §9); '—' for none and the text itself when unparseable. */
export function formatInboxDate(value: string | null | undefined, pattern = 'MM/dd/yyyy'): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, pattern);
}

/** The label of a document type (SPEC §3), the type itself when unknown. */
export function formatDocumentType(type: string): string {
  return (DOCUMENT_TYPE_LABELS as Record<string, string>)[type] ?? type;
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
