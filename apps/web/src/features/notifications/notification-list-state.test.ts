import { describe, expect, it } from 'vitest';
import {
  createNotificationListState,
  hasMoreNotifications,
  type NotificationListAction,
  type NotificationListState,
  nextNotificationOffset,
  notificationListReducer,
} from './notification-list-state';
import type { NotificationItem, NotificationPage } from './types';

function makeItem(n: number, isRead = false): NotificationItem {
  return {
    id: `n${n}`,
    isRead,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - n)).toISOString(),
    type: 'comment',
    category: 'CRM',
    url: `/signature/dashboard/?idIn=d${n}`,
    text: `text ${n}`,
    title: `title ${n}`,
    subTitle: null,
    fromUserId: null,
    userIds: ['auth0|demo-provider'],
    srcApplication: 'portal',
    documentId: null,
  };
}

function makePage(items: NotificationItem[], totalCount: number, unreadCount: number): NotificationPage {
  return { data: items, totalCount, unreadCount };
}

function run(state: NotificationListState, ...actions: NotificationListAction[]) {
  return actions.reduce(notificationListReducer, state);
}

/** An unread-only list showing the first page of 25 of 30 unread. */
function loadedUnreadOnly() {
  const items = Array.from({ length: 25 }, (_, i) => makeItem(i));
  return run(
    createNotificationListState(true),
    { type: 'reload-started', generation: 1 },
    { type: 'page-loaded', generation: 1, offset: 0, page: makePage(items, 30, 30) },
  );
}

describe('the notification list state', () => {
  it('starts loading, with nothing to load more of', () => {
    const state = createNotificationListState(true);
    expect(state).toMatchObject({ unreadOnly: true, items: [], status: 'loading' });
    expect(hasMoreNotifications(state)).toBe(false);
  });

  it('offers more while the server holds more, and appends the next page after the loaded items', () => {
    let state = loadedUnreadOnly();
    expect(hasMoreNotifications(state)).toBe(true);
    expect(nextNotificationOffset(state)).toBe(25);
    state = run(
      state,
      { type: 'more-requested' },
      {
        type: 'page-loaded',
        generation: 1,
        offset: 25,
        // One item arrives twice (a page boundary shifted): it is kept once.
        page: makePage([makeItem(24), ...Array.from({ length: 5 }, (_, i) => makeItem(25 + i))], 30, 30),
      },
    );
    expect(state.items).toHaveLength(30);
    expect(state.loadingMore).toBe(false);
    expect(hasMoreNotifications(state)).toBe(false);
  });

  it('switching the unread-only toggle clears the list and waits for page one again', () => {
    const state = run(loadedUnreadOnly(), { type: 'unread-only-changed', unreadOnly: false, generation: 2 });
    expect(state).toMatchObject({ unreadOnly: false, items: [], totalCount: 0, status: 'loading' });
    expect(state.unreadCount).toBe(30);
    expect(hasMoreNotifications(state)).toBe(false);
  });

  it('drops a late answer for the filter that was switched away from', () => {
    const state = run(
      createNotificationListState(true),
      { type: 'reload-started', generation: 1 },
      { type: 'unread-only-changed', unreadOnly: false, generation: 2 },
      { type: 'page-loaded', generation: 1, offset: 0, page: makePage([makeItem(1)], 1, 1) },
    );
    expect(state.items).toEqual([]);
    expect(state.status).toBe('loading');
  });

  it('marking read removes the item from an unread-only list and lowers both counts', () => {
    const state = run(loadedUnreadOnly(), { type: 'read-changed', id: 'n3', isRead: true });
    expect(state.items.map((item) => item.id)).not.toContain('n3');
    expect(state.items).toHaveLength(24);
    expect(state.totalCount).toBe(29);
    expect(state.unreadCount).toBe(29);
    // The next page starts where the server's unread list now continues.
    expect(nextNotificationOffset(state)).toBe(24);
  });

  it('marking read or unread in the full list keeps the item and moves the unread count', () => {
    const items = [makeItem(1), makeItem(2, true)];
    let state = run(
      createNotificationListState(false),
      { type: 'reload-started', generation: 1 },
      { type: 'page-loaded', generation: 1, offset: 0, page: makePage(items, 2, 1) },
      { type: 'read-changed', id: 'n1', isRead: true },
    );
    expect(state.items.map((item) => [item.id, item.isRead])).toEqual([
      ['n1', true],
      ['n2', true],
    ]);
    expect(state).toMatchObject({ totalCount: 2, unreadCount: 0 });
    state = run(state, { type: 'read-changed', id: 'n2', isRead: false });
    expect(state.unreadCount).toBe(1);
    // The same change twice counts once.
    expect(run(state, { type: 'read-changed', id: 'n2', isRead: false }).unreadCount).toBe(1);
  });

  it('deleting removes the item and counts it off (an unread one off the unread count too)', () => {
    const items = [makeItem(1), makeItem(2, true)];
    let state = run(
      createNotificationListState(false),
      { type: 'reload-started', generation: 1 },
      { type: 'page-loaded', generation: 1, offset: 0, page: makePage(items, 2, 1) },
      { type: 'deleted', id: 'n2' },
    );
    expect(state).toMatchObject({ totalCount: 1, unreadCount: 1 });
    state = run(state, { type: 'deleted', id: 'n1' });
    expect(state).toMatchObject({ items: [], totalCount: 0, unreadCount: 0 });
  });

  it('mark all read empties an unread-only list, and marks every item in the full list', () => {
    expect(run(loadedUnreadOnly(), { type: 'all-marked-read' })).toMatchObject({
      items: [],
      totalCount: 0,
      unreadCount: 0,
    });
    const state = run(
      createNotificationListState(false),
      { type: 'reload-started', generation: 1 },
      { type: 'page-loaded', generation: 1, offset: 0, page: makePage([makeItem(1), makeItem(2)], 2, 2) },
      { type: 'all-marked-read' },
    );
    expect(state.items.every((item) => item.isRead)).toBe(true);
    expect(state).toMatchObject({ totalCount: 2, unreadCount: 0 });
  });

  it('delete all read leaves the unread ones', () => {
    const state = run(
      createNotificationListState(false),
      { type: 'reload-started', generation: 1 },
      {
        type: 'page-loaded',
        generation: 1,
        offset: 0,
        page: makePage([makeItem(1), makeItem(2, true), makeItem(3, true)], 3, 1),
      },
      { type: 'all-read-deleted' },
    );
    expect(state.items.map((item) => item.id)).toEqual(['n1']);
    expect(state).toMatchObject({ totalCount: 1, unreadCount: 1 });
  });

  it('a failed first page is the error state; a failed load more keeps the list', () => {
    expect(
      run(
        createNotificationListState(true),
        { type: 'reload-started', generation: 1 },
        { type: 'load-failed', generation: 1, offset: 0 },
      ).status,
    ).toBe('error');
    const state = run(
      loadedUnreadOnly(),
      { type: 'more-requested' },
      { type: 'load-failed', generation: 1, offset: 25 },
    );
    expect(state).toMatchObject({ status: 'ready', loadingMore: false });
    expect(state.items).toHaveLength(25);
  });
});
