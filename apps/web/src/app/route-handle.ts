import { useMatches } from 'react-router';

/** Data each route puts in `handle` so the layout can render the page title and breadcrumbs. */
export type RouteHandle = {
  title: string;
  /** Crumbs shown before the title, e.g. ['Administration']. */
  crumbs?: string[];
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that declares one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
