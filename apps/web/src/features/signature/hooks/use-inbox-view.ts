import { MY_TO_DO_FILTER, REALTIME_EVENTS } from '@portal/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { queryKeys } from '../../../lib/query-keys';
import { useRealtimeInvalidation } from '../../../lib/realtime/use-realtime-invalidation';
import { useSession } from '../../../lib/session/session-context';
import { INBOX_SEARCH_ID } from '../components/inbox-filter-fields';
import {
  countChangedFilters,
  getInboxSelectionKey,
  type InboxFilterDefaults,
  type InboxFilters,
  parseInboxFilters,
  toInboxSearchParams,
  updateInboxFilters,
} from '../inbox-filters';

/** The address fragment the Help menu links to: it opens the shortcut sheet. */
export const KEYBOARD_SHORTCUTS_HASH = '#keyboard-shortcuts';
/** Below this width the inbox shows one region at a time. */
const NARROW_QUERY = '(max-width: 899.95px)';
/** A provider's inbox opens on their own to-do list: what their reminders count and link to. */
const PROVIDER_DEFAULTS: InboxFilterDefaults = {
  clinicNpi: MY_TO_DO_FILTER.clinicNpi,
  assignedTo: MY_TO_DO_FILTER.assignedTo,
};

/** What a narrow screen shows: the list, or the open document. */
export type NarrowRegion = 'list' | 'document';

/**
 * What the inbox shows around its documents: the filter (kept in the address; a change starts afresh),
 * one region at a time on a narrow screen, the filter dialog there, and the shortcut sheet. Another
 * user's change to the clinic's documents refreshes the open lists (realtime push).
 */
export function useInboxView() {
  const { currentClinic, can } = useSession();
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.documentsChanged, queryKeys.documents.lists);
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.resync, queryKeys.documents.lists);
  const [params, setParams] = useSearchParams();
  const defaults = can('document:sign') ? PROVIDER_DEFAULTS : undefined;
  const filters = useMemo(
    () => parseInboxFilters(params, currentClinic?.npi, defaults),
    [params, currentClinic?.npi, defaults],
  );
  const narrow = useMediaQuery(NARROW_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const changeFilters = useCallback(
    (change: Partial<InboxFilters>) => setParams(toInboxSearchParams(updateInboxFilters(filters, change))),
    [filters, setParams],
  );
  // A narrow screen shows one region at a time: the list, or the open document (a notification's link
  // opens on its document). A new filter starts on the list again.
  const selectionKey = getInboxSelectionKey(filters);
  const firstRegion = filters.idIn ? 'document' : 'list';
  const [regionState, setRegionState] = useState<{ key: string; region: NarrowRegion }>({
    key: selectionKey,
    region: firstRegion,
  });
  const narrowRegion = regionState.key === selectionKey ? regionState.region : firstRegion;
  const setNarrowRegion = useCallback(
    (region: NarrowRegion) => setRegionState({ key: selectionKey, region }),
    [selectionKey],
  );
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const closeShortcuts = () => {
    setShortcutsOpen(false);
    if (location.hash === KEYBOARD_SHORTCUTS_HASH)
      void navigate({ search: location.search, hash: '' }, { replace: true });
  };
  const focusSearch = useCallback(() => {
    if (narrow) setFiltersOpen(true);
    else (searchRef.current ?? document.getElementById(INBOX_SEARCH_ID))?.focus();
  }, [narrow]);

  return {
    currentClinic,
    filters,
    changeFilters,
    changedFilterCount: countChangedFilters(filters, currentClinic?.npi, defaults),
    /** Changes with the filter: the documents below start afresh. */
    selectionKey,
    narrow,
    narrowRegion,
    setNarrowRegion,
    filtersOpen,
    setFiltersOpen,
    searchRef,
    shortcutsOpen: shortcutsOpen || location.hash === KEYBOARD_SHORTCUTS_HASH,
    showShortcuts,
    closeShortcuts,
    focusSearch,
  };
}
