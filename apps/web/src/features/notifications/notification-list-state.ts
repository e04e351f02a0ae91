import type { NotificationItem, NotificationPage } from './types';

/** SPEC §3 list state: the loaded items, the counts, and whether more exist, for one filter. */
export type NotificationListState = {
  unreadOnly: boolean;
  items: NotificationItem[];
  /** How many match the filter on the server (unread ones in an unread-only list). */
  totalCount: number;
  /** All the user's unread notifications (the bell's badge). */
  unreadCount: number;
  /** 'loading' only while nothing is shown yet; a reload keeps the list in view. */
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** Which request the list waits for: answers to an older one are dropped. */
  generation: number;
};

export type NotificationListAction =
  /** The unread-only toggle: the list is cleared and reloads from page one (SPEC §4). */
  | { type: 'unread-only-changed'; unreadOnly: boolean; generation: number }
  /** Page one is asked for again (opening the list, a realtime event). */
  | { type: 'reload-started'; generation: number }
  | { type: 'more-requested' }
  | { type: 'page-loaded'; generation: number; offset: number; page: NotificationPage }
  | { type: 'load-failed'; generation: number; offset: number }
  | { type: 'read-changed'; id: string; isRead: boolean }
  | { type: 'deleted'; id: string }
  | { type: 'all-marked-read' }
  | { type: 'all-read-deleted' };

export function createNotificationListState(unreadOnly: boolean): NotificationListState {
  return {
    unreadOnly,
    items: [],
    totalCount: 0,
    unreadCount: 0,
    status: 'loading',
    loadingMore: false,
    generation: 0,
  };
}

/** 'Load more' is offered only while the server holds more than the list shows. */
export function hasMoreNotifications(state: NotificationListState): boolean {
  return state.status === 'ready' && state.items.length < state.totalCount;
}

/** The next page starts after the loaded items (items read or deleted meanwhile left the server's list too). */
export function nextNotificationOffset(state: NotificationListState): number {
  return state.items.length;
}

function appendNew(items: NotificationItem[], more: NotificationItem[]): NotificationItem[] {
  const known = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !known.has(item.id))];
}

export function notificationListReducer(
  state: NotificationListState,
  action: NotificationListAction,
): NotificationListState {
  switch (action.type) {
    case 'unread-only-changed':
      return {
        ...state,
        unreadOnly: action.unreadOnly,
        items: [],
        totalCount: 0,
        status: 'loading',
        loadingMore: false,
        generation: action.generation,
      };
    case 'reload-started':
      return {
        ...state,
        status: state.status === 'ready' ? 'ready' : 'loading',
        loadingMore: false,
        generation: action.generation,
      };
    case 'more-requested':
      return { ...state, loadingMore: true };
    case 'page-loaded': {
      if (action.generation !== state.generation) return state;
      const items = action.offset === 0 ? action.page.data : appendNew(state.items, action.page.data);
      return {
        ...state,
        items,
        totalCount: action.page.totalCount,
        unreadCount: action.page.unreadCount,
        status: 'ready',
        loadingMore: false,
      };
    }
    case 'load-failed':
      if (action.generation !== state.generation) return state;
      // A failed 'Load more' keeps what is shown; a failed first page is the error state.
      return action.offset === 0 && state.status !== 'ready'
        ? { ...state, status: 'error', loadingMore: false }
        : { ...state, loadingMore: false };
    case 'read-changed': {
      const item = state.items.find((candidate) => candidate.id === action.id);
      if (!item || item.isRead === action.isRead) return state;
      const unreadCount = Math.max(0, state.unreadCount + (action.isRead ? -1 : 1));
      if (state.unreadOnly && action.isRead) {
        return {
          ...state,
          items: state.items.filter((candidate) => candidate.id !== action.id),
          totalCount: Math.max(0, state.totalCount - 1),
          unreadCount,
        };
      }
      return {
        ...state,
        items: state.items.map((candidate) =>
          candidate.id === action.id ? { ...candidate, isRead: action.isRead } : candidate,
        ),
        unreadCount,
      };
    }
    case 'deleted': {
      const item = state.items.find((candidate) => candidate.id === action.id);
      if (!item) return state;
      return {
        ...state,
        items: state.items.filter((candidate) => candidate.id !== action.id),
        totalCount: Math.max(0, state.totalCount - 1),
        unreadCount: item.isRead ? state.unreadCount : Math.max(0, state.unreadCount - 1),
      };
    }
    case 'all-marked-read':
      return state.unreadOnly
        ? { ...state, items: [], totalCount: 0, unreadCount: 0 }
        : { ...state, items: state.items.map((item) => ({ ...item, isRead: true })), unreadCount: 0 };
    case 'all-read-deleted':
      return state.unreadOnly
        ? state
        : {
            ...state,
            items: state.items.filter((item) => !item.isRead),
            // What remains on the server are the unread ones.
            totalCount: state.unreadCount,
          };
  }
}
