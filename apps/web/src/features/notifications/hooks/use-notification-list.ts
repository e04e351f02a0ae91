import { MARK_READ_ERROR_MESSAGE, TOGGLE_READ_ERROR_MESSAGE } from '@portal/domain';
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { reportApiError } from '../../../lib/query-client';
import { deleteAllReadNotifications } from '../api/delete-all-read-notifications';
import { deleteNotification } from '../api/delete-notification';
import { getNotifications } from '../api/get-notifications';
import { markAllNotificationsRead } from '../api/mark-all-notifications-read';
import { updateNotificationRead } from '../api/update-notification-read';
import {
  createNotificationListState,
  hasMoreNotifications,
  type NotificationListState,
  nextNotificationOffset,
  notificationListReducer,
} from '../notification-list-state';
import type { NotificationPage } from '../types';
import { readUnreadOnly, writeUnreadOnly } from '../unread-only-storage';

export type NotificationList = NotificationListState & {
  hasMore: boolean;
  /** Page one again; resolves with it (undefined when it failed). */
  reload: () => Promise<NotificationPage | undefined>;
  loadMore: () => Promise<void>;
  setUnreadOnly: (unreadOnly: boolean) => void;
  /** The read/unread toggle of one item. */
  setRead: (id: string, isRead: boolean) => Promise<boolean>;
  /** Opening an item marks it read ('Error marking notification as read' when that fails). */
  markOpenedRead: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  deleteAllRead: () => Promise<void>;
};

/**
 * The signed-in user's notification list (SPEC §4): the unread-only toggle (stored, on by default),
 * page one on demand, 'Load more', and the item actions, each failing with its SPEC §8 message.
 */
export function useNotificationList(): NotificationList {
  const [state, dispatch] = useReducer(notificationListReducer, undefined, () =>
    createNotificationListState(readUnreadOnly()),
  );
  const latest = useRef(state);
  latest.current = state;
  const generation = useRef(0);

  const fetchPage = useCallback(async (unreadOnly: boolean, offset: number, requestGeneration: number) => {
    try {
      const page = await getNotifications({ unreadOnly, offset });
      dispatch({ type: 'page-loaded', generation: requestGeneration, offset, page });
      // Even when a newer request replaced it, the page is still good for finding an item's title.
      return page;
    } catch (error) {
      dispatch({ type: 'load-failed', generation: requestGeneration, offset });
      // The empty list says so itself; a failed reload or 'Load more' over a shown list says it here.
      if (offset > 0 || latest.current.status === 'ready') reportApiError(error);
      return undefined;
    }
  }, []);

  const reload = useCallback(() => {
    generation.current += 1;
    dispatch({ type: 'reload-started', generation: generation.current });
    return fetchPage(latest.current.unreadOnly, 0, generation.current);
  }, [fetchPage]);

  const loadMore = useCallback(async () => {
    const current = latest.current;
    if (current.loadingMore || !hasMoreNotifications(current)) return;
    dispatch({ type: 'more-requested' });
    await fetchPage(current.unreadOnly, nextNotificationOffset(current), current.generation);
  }, [fetchPage]);

  const setUnreadOnly = useCallback(
    (unreadOnly: boolean) => {
      writeUnreadOnly(unreadOnly);
      generation.current += 1;
      dispatch({ type: 'unread-only-changed', unreadOnly, generation: generation.current });
      void fetchPage(unreadOnly, 0, generation.current);
    },
    [fetchPage],
  );

  const setRead = useCallback(async (id: string, isRead: boolean) => {
    try {
      await updateNotificationRead({ id, isRead, errorMessage: TOGGLE_READ_ERROR_MESSAGE });
      dispatch({ type: 'read-changed', id, isRead });
      return true;
    } catch (error) {
      reportApiError(error);
      return false;
    }
  }, []);

  const markOpenedRead = useCallback(async (id: string) => {
    try {
      await updateNotificationRead({ id, isRead: true, errorMessage: MARK_READ_ERROR_MESSAGE });
      dispatch({ type: 'read-changed', id, isRead: true });
    } catch (error) {
      reportApiError(error);
    }
  }, []);

  const remove = useCallback(async (id: string) => {
    try {
      await deleteNotification(id);
      dispatch({ type: 'deleted', id });
    } catch (error) {
      reportApiError(error);
    }
  }, []);

  const markAllRead = useCallback(async () => {
    try {
      await markAllNotificationsRead();
      dispatch({ type: 'all-marked-read' });
    } catch (error) {
      reportApiError(error);
    }
  }, []);

  const deleteAllRead = useCallback(async () => {
    try {
      await deleteAllReadNotifications();
      dispatch({ type: 'all-read-deleted' });
    } catch (error) {
      reportApiError(error);
    }
  }, []);

  return useMemo(
    () => ({
      ...state,
      hasMore: hasMoreNotifications(state),
      reload,
      loadMore,
      setUnreadOnly,
      setRead,
      markOpenedRead,
      remove,
      markAllRead,
      deleteAllRead,
    }),
    [state, reload, loadMore, setUnreadOnly, setRead, markOpenedRead, remove, markAllRead, deleteAllRead],
  );
}
