import { useCallback, useMemo, useRef, useState } from 'react';
import { addToast, listVisibleToasts, removeToast, type Toast } from '../toast-queue';
import type { NotificationItem } from '../types';

/** The toast stack's state: show(message, notification?), dismiss(key), and the toasts in view. */
export function useToasts() {
  const [queue, setQueue] = useState<Toast[]>([]);
  const nextKey = useRef(1);
  const show = useCallback((message: string, notification?: NotificationItem) => {
    const key = nextKey.current++;
    setQueue((current) => addToast(current, { key, message, notification }));
  }, []);
  const dismiss = useCallback((key: number) => setQueue((current) => removeToast(current, key)), []);
  const visible = useMemo(() => listVisibleToasts(queue), [queue]);
  return { visible, show, dismiss };
}
