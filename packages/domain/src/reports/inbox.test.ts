import { describe, expect, it } from 'vitest';
import { type InboxRoleClass, type InboxView, listInboxStatuses } from './inbox';

describe('listInboxStatuses', () => {
  it.each<[InboxRoleClass, InboxView, string[]]>([
    ['provider', 'todo', ['unsigned']],
    ['provider', 'done', ['signed', 'acknowledged']],
    ['provider', 'any', ['unsigned', 'signed', 'acknowledged']],
    ['staff', 'todo', ['unsigned']],
    ['clinic-read-only', 'done', ['signed', 'acknowledged']],
    ['clinic-admin', 'any', ['unsigned', 'signed', 'acknowledged']],
    ['device-tech', 'todo', []],
    ['none', 'any', []],
  ])('a %s looking at %s sees %j', (roleClass, view, statuses) => {
    expect(listInboxStatuses(roleClass, view)).toEqual(statuses);
  });
});
