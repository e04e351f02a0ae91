import { NOTIFICATION_HEARTBEAT_INTERVAL_MS } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { createLogger } from '../../../lib/logger';
import type { RealtimeConnectionState } from '../../../lib/realtime/realtime-context';

const log = createLogger('notifications');

/**
 * SPEC §9: every 5 minutes the notification heartbeat is logged with the realtime connection state
 * and the unread count (numbers and states only, never PHI).
 */
export function useNotificationHeartbeat(connection: RealtimeConnectionState, unreadCount: number): void {
  const latest = useRef({ connection, unreadCount });
  latest.current = { connection, unreadCount };
  useEffect(() => {
    const timer = window.setInterval(() => {
      log.info('notification heartbeat', { ...latest.current });
    }, NOTIFICATION_HEARTBEAT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
