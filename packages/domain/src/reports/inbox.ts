import { z } from 'zod';
import type { DocumentStatus } from './document-statuses';

/** Inbox views (SPEC §4). */
export const INBOX_VIEWS = ['todo', 'done', 'any'] as const;
export const inboxViewSchema = z.enum(INBOX_VIEWS);
export type InboxView = z.infer<typeof inboxViewSchema>;
export const INBOX_VIEW_LABELS = { todo: 'To do', done: 'Done', any: 'Any' } as const satisfies Record<
  InboxView,
  string
>;

/** The statuses each view shows. */
export const INBOX_VIEW_STATUSES = {
  todo: ['unsigned'],
  done: ['signed', 'acknowledged'],
  any: ['unsigned', 'signed', 'acknowledged'],
} as const satisfies Record<InboxView, readonly DocumentStatus[]>;

/** Inbox role classes (SPEC §6). */
export const INBOX_ROLE_CLASSES = [
  'provider',
  'staff',
  'clinic-read-only',
  'clinic-admin',
  'device-tech',
  'none',
] as const;
export type InboxRoleClass = (typeof INBOX_ROLE_CLASSES)[number];

/** Device technicians and users without a role see no documents; every other class sees the view's statuses. */
export function listInboxStatuses(roleClass: InboxRoleClass, view: InboxView): DocumentStatus[] {
  if (roleClass === 'device-tech' || roleClass === 'none') return [];
  return [...INBOX_VIEW_STATUSES[view]];
}
