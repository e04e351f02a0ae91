import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ACTION_DEBOUNCE_MS } from '../constants';
import { useRealtimeEvent } from './realtime-context';

/**
 * Invalidates the queries under `queryKey` when `event` arrives on `channel` ('clinic': the current
 * clinic's), so an open page refreshes without a reload. A burst of events makes one refresh.
 */
export function useRealtimeInvalidation(
  channel: 'user' | 'clinic' | (string & {}),
  event: string,
  queryKey: QueryKey,
): void {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useRealtimeEvent(channel, event, () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey });
    }, ACTION_DEBOUNCE_MS);
  });
}
