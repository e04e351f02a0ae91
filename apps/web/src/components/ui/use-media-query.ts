import { useCallback, useSyncExternalStore } from 'react';

/** MUI's breakpoints, so the first screen and the MUI screens change layout at the same widths. */
export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/** The media query of a width and up, like MUI's `theme.breakpoints.up(key)` without its '@media '. */
export const up = (key: keyof typeof BREAKPOINTS) => `(min-width:${BREAKPOINTS[key]}px)`;

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  // MUI's breakpoint helpers return '@media (…)'; matchMedia wants the query alone.
  return window.matchMedia(query.replace(/^@media\s*/, ''));
}

/** Whether the media query matches now; re-renders when that changes. False when there is no window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}
