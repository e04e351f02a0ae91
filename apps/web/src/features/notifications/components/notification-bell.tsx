import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../../components/lazy-component';
import { Badge } from '../../../components/ui/badge';
import { IconButton } from '../../../components/ui/button';
import { NotificationsIcon, NotificationsNoneIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { REALTIME_EVENTS, useRealtime, useRealtimeEvent } from '../../../lib/realtime/realtime-context';
import { usePermissions } from '../../../lib/session/session-context';
import { useNotificationHeartbeat } from '../hooks/use-notification-heartbeat';
import { useNotificationList } from '../hooks/use-notification-list';
import { useToasts } from '../hooks/use-toasts';
import type { Toast } from '../toast-queue';
import type { NotificationItem } from '../types';
import { NotificationToasts } from './notification-toasts';
import './notification-bell.css';

// The list and the preferences show only when asked for: chunks of their own, so the inbox shows
// without them (issue 11 §10).
const NotificationPopover = lazyComponent(() =>
  import('./notification-popover').then((module) => module.NotificationPopover),
);
const NotificationPreferencesDialog = lazyComponent(() =>
  import('./notification-preferences-dialog').then((module) => module.NotificationPreferencesDialog),
);

/** 'Notifications, 3 unread': the bell's accessible name carries the count its badge shows. */
export function describeBell(unreadCount: number): string {
  return `Notifications, ${unreadCount} unread`;
}

/**
 * The header bell (SPEC §1, §4): the unread count, the notification list in a popover, the toasts of
 * new notifications arriving live on the user's channel, and the heartbeat log.
 */
export function NotificationBell() {
  const list = useNotificationList();
  const { reload, markOpenedRead } = list;
  const realtime = useRealtime();
  const { visible, show, dismiss } = useToasts();
  const { canAnywhere } = usePermissions();
  const navigate = useNavigate();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const [preferencesKey, setPreferencesKey] = useState(0);
  const headingId = useId();
  const panelId = useId();

  // Page one on start, and again whenever the connection (re)opens, so nothing missed while offline.
  useEffect(() => {
    if (realtime.state === 'connected' || realtime.state === 'disabled' || realtime.state === 'initialized')
      void reload();
  }, [realtime.state, reload]);

  // SPEC §4: a new realtime event reloads the list and the count; the toast says the title only.
  useRealtimeEvent('user', REALTIME_EVENTS.newNotification, (data) => {
    const id = typeof data === 'object' && data && 'id' in data ? String(data.id) : undefined;
    void reload().then((page) => {
      const item = page?.data.find((candidate) => candidate.id === id);
      show(item?.title ?? 'New notification', item);
    });
  });

  // The server's fan-out was interrupted: events may be lost, so the list reloads (no toast).
  useRealtimeEvent('user', REALTIME_EVENTS.resync, () => void reload());

  useNotificationHeartbeat(realtime.state, list.unreadCount);

  const openList = useCallback(() => {
    setOpen(true);
    void reload();
  }, [reload]);

  const openItem = useCallback(
    (item: NotificationItem) => {
      if (!item.isRead) void markOpenedRead(item.id);
      if (item.url?.startsWith('/') && !item.url.startsWith('//')) {
        setOpen(false);
        void navigate(item.url);
      }
    },
    [markOpenedRead, navigate],
  );

  // A toast opens its notification as the list would; one whose notification is not at hand, or leads
  // nowhere, opens the list.
  const openToast = useCallback(
    (toast: Toast) => {
      dismiss(toast.key);
      const item = toast.notification;
      if (item?.url?.startsWith('/') && !item.url.startsWith('//')) openItem(item);
      else openList();
    },
    [dismiss, openItem, openList],
  );

  // The preferences dialog replaces the list rather than opening over it: two layers, one above the other's
  // backdrop, read as one broken screen. Closing it brings the focus back to the bell.
  const openPreferences = () => {
    setOpen(false);
    setPreferencesKey((key) => key + 1);
    setPreferencesOpen(true);
  };
  const closePreferences = () => {
    setPreferencesOpen(false);
    window.requestAnimationFrame(() => buttonRef.current?.focus());
  };

  const label = describeBell(list.unreadCount);
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          ref={buttonRef}
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          // For support and tests: 'live' once new notifications arrive on their own.
          data-realtime={realtime.userChannelReady ? 'live' : realtime.state}
          onClick={openList}
        >
          {/* MUI's overlap="circular": the count sits on the round icon's corner, not the box's. */}
          <Badge badgeContent={list.unreadCount} max={99} color="error" className="notification-bell__badge">
            {list.unreadCount > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <NotificationPopover
        open={open}
        anchorEl={buttonRef.current}
        onClose={() => setOpen(false)}
        panelId={panelId}
        headingId={headingId}
        list={list}
        lookUpDocuments={canAnywhere('document:read')}
        onOpenItem={openItem}
        onOpenPreferences={openPreferences}
      />
      <NotificationPreferencesDialog key={preferencesKey} open={preferencesOpen} onClose={closePreferences} />
      <NotificationToasts toasts={visible} onOpen={openToast} onDismiss={dismiss} />
    </>
  );
}
