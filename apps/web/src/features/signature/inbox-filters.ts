import {
  ALERT_LEVELS,
  type AlertLevel,
  DOCUMENT_TYPES,
  INBOX_PAGE_SIZE,
  INBOX_VIEW_STATUSES,
  INBOX_VIEWS,
  type InboxView,
  SERVICE_LINES,
} from '@portal/domain';
import type { QueryValue } from '../../lib/api-client';

export type ServiceLineFilter = (typeof SERVICE_LINES)[number];
export const ASSIGNED_TO_OPTIONS = ['any', 'me', 'unassigned'] as const;
export type AssignedToFilter = (typeof ASSIGNED_TO_OPTIONS)[number];
/** Hidden documents: left out (the default), shown with the others, or shown alone. */
export const HIDDEN_OPTIONS = ['exclude', 'include', 'only'] as const;
export type HiddenFilter = (typeof HIDDEN_OPTIONS)[number];
/** One alert level (the ticker's "high alerts" link), or 'any'. */
export type AlertFilter = 'any' | AlertLevel;
export const ALERT_FILTER_OPTIONS: readonly AlertFilter[] = ['any', ...ALERT_LEVELS];

/** The list's sortable columns (its headers). */
export const INBOX_SORT_COLUMNS = ['patient', 'alert', 'dos', 'received'] as const;
export type InboxSortColumn = (typeof INBOX_SORT_COLUMNS)[number];
/**
 * The order the reader chose by a column header: a column, '-' first for the other way round; '' is the
 * view's own order (SPEC §4). 'dos' is oldest first and '-dos' newest first, as the API reads them;
 * 'received' is the longest waiting first; 'alert' the most urgent first; 'patient' A to Z.
 */
export type InboxSort = '' | InboxSortColumn | `-${InboxSortColumn}`;

/** What a header's first click asks for: the way a reader looks at that column first. */
const FIRST_CLICK: Record<InboxSortColumn, InboxSort> = {
  patient: 'patient',
  alert: 'alert',
  dos: '-dos',
  received: 'received',
};

/**
 * The inbox filter, as the signature dashboard link carries it (SPEC §2): clinicNpi, serviceLine, type,
 * status, assignedTo, idIn, plus the alert level, the search text, hidden documents, the order and the
 * grouping.
 * `status` holds the view (todo, done, any).
 */
export type InboxFilters = {
  /** a clinic NPI or 'any' */
  clinicNpi: string;
  serviceLine: ServiceLineFilter;
  /** 'any' or one document type */
  type: string;
  status: InboxView;
  assignedTo: AssignedToFilter;
  /** one document id, or '' */
  idIn: string;
  /** one alert level, or 'any' (issue 17: the header ticker links to the high alerts) */
  alert: AlertFilter;
  /** only documents past their review due time (issue 17: the header ticker's overdue link) */
  overdue: boolean;
  search: string;
  hidden: HiddenFilter;
  sort: InboxSort;
  /** grouped by patient (SPEC §4: the to-do view only) */
  groupByPatient: boolean;
};

/** What a bare link opens on, per reader: a provider opens on their own to-do list (MY_TO_DO_FILTER). */
export type InboxFilterDefaults = Partial<Pick<InboxFilters, 'clinicNpi' | 'assignedTo'>>;

const NPI_PATTERN = /^\d{10}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The view a status parameter names: a view name, or the statuses of one (as a comma list). */
function parseView(value: string | null): InboxView {
  if (value === null) return 'todo';
  if ((INBOX_VIEWS as readonly string[]).includes(value)) return value as InboxView;
  const statuses = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .sort()
    .join(',');
  for (const view of INBOX_VIEWS) {
    if ([...INBOX_VIEW_STATUSES[view]].sort().join(',') === statuses) return view;
  }
  return 'todo';
}

function parseSort(value: string | null): InboxSort {
  if (!value) return '';
  const column = value.startsWith('-') ? value.slice(1) : value;
  return (INBOX_SORT_COLUMNS as readonly string[]).includes(column) ? (value as InboxSort) : '';
}

/** Reads the filter from the address; anything missing or unknown falls back to the default. */
export function parseInboxFilters(
  params: URLSearchParams,
  currentClinicNpi: string | undefined,
  defaults: InboxFilterDefaults = {},
): InboxFilters {
  const clinicNpi = params.get('clinicNpi');
  const type = params.get('type');
  const idIn = params.get('idIn')?.trim() ?? '';
  // A link to one document finds it whoever it is assigned to: the reader's own default view does not apply.
  const own = UUID_PATTERN.test(idIn) ? {} : defaults;
  return {
    clinicNpi:
      clinicNpi === 'any' || (clinicNpi !== null && NPI_PATTERN.test(clinicNpi))
        ? clinicNpi
        : (own.clinicNpi ?? currentClinicNpi ?? 'any'),
    serviceLine: oneOf(SERVICE_LINES, params.get('serviceLine'), 'any'),
    type: type !== null && (DOCUMENT_TYPES as readonly string[]).includes(type) ? type : 'any',
    status: parseView(params.get('status')),
    assignedTo: oneOf(ASSIGNED_TO_OPTIONS, params.get('assignedTo'), own.assignedTo ?? 'any'),
    idIn: UUID_PATTERN.test(idIn) ? idIn : '',
    alert: oneOf(ALERT_FILTER_OPTIONS, params.get('alert'), 'any'),
    overdue: params.get('overdue') === 'true',
    search: params.get('search')?.trim() ?? '',
    hidden: oneOf(HIDDEN_OPTIONS, params.get('hidden'), 'exclude'),
    sort: parseSort(params.get('sort')),
    groupByPatient: params.get('group') === 'patient',
  };
}

/**
 * Writes the filter to the address: every SPEC §2 key is written (so the link can be shared as it is),
 * the others only when set.
 */
export function toInboxSearchParams(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams({
    clinicNpi: filters.clinicNpi,
    serviceLine: filters.serviceLine,
    type: filters.type,
    status: filters.status,
    assignedTo: filters.assignedTo,
  });
  if (filters.idIn) params.set('idIn', filters.idIn);
  if (filters.alert !== 'any') params.set('alert', filters.alert);
  if (filters.overdue) params.set('overdue', 'true');
  if (filters.search) params.set('search', filters.search);
  if (filters.hidden !== 'exclude') params.set('hidden', filters.hidden);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.groupByPatient) params.set('group', 'patient');
  return params;
}

/**
 * Changes part of the filter. Any change but the selection link itself drops idIn (it narrows to one
 * document); the order and the grouping are not filters and keep it.
 */
export function updateInboxFilters(filters: InboxFilters, change: Partial<InboxFilters>): InboxFilters {
  const onlyArrangement = Object.keys(change).every((key) => key === 'sort' || key === 'groupByPatient');
  return { ...filters, ...(onlyArrangement ? {} : { idIn: '' }), ...change };
}

/** The order a header click asks for: first the column's natural way, then the other way, then the view's own. */
export function nextInboxSort(current: InboxSort, column: InboxSortColumn): InboxSort {
  const first = FIRST_CLICK[column];
  if (current === first) return (first.startsWith('-') ? column : `-${column}`) as InboxSort;
  if (current.replace(/^-/, '') === column) return '';
  return first;
}

/** How the list is sorted by `column` now: 'ascending' / 'descending' as the header shows it, or none. */
export function describeInboxSort(
  sort: InboxSort,
  column: InboxSortColumn,
): 'first' | 'reversed' | undefined {
  if (sort.replace(/^-/, '') !== column) return undefined;
  return sort === FIRST_CLICK[column] ? 'first' : 'reversed';
}

const SORT_FIELDS: Record<InboxSortColumn, string> = {
  patient: 'patient',
  alert: 'alert',
  dos: 'dos',
  received: 'createdAt',
};

/**
 * The API sort. The view's own: Done by date of service, newest first; otherwise the work order, the
 * most urgent first (SPEC §4: pinned, status, alert level high → medium → low, type, newest first).
 * A column the reader chose sorts alone, newest date of service first among equals.
 */
export function getInboxSort(filters: Pick<InboxFilters, 'status' | 'sort'>): string {
  if (filters.sort) {
    const descending = filters.sort.startsWith('-');
    const column = filters.sort.replace(/^-/, '') as InboxSortColumn;
    const field = `${descending ? '-' : ''}${SORT_FIELDS[column]}`;
    return column === 'dos' ? field : `${field},-dos`;
  }
  return filters.status === 'done' ? '-dos' : 'pinned,status,alert,type,-dos';
}

/** Grouping by patient applies only in the to-do view (SPEC §4), and only when the reader turns it on. */
export function isGroupedByPatient(filters: Pick<InboxFilters, 'status' | 'groupByPatient'>): boolean {
  return filters.status === 'todo' && filters.groupByPatient;
}

/** The GET /api/reports query of the first page. */
export function toDocumentListQuery(filters: InboxFilters): Record<string, QueryValue> {
  return {
    'filter[clinicNpi]': filters.clinicNpi,
    'filter[serviceLine]': filters.serviceLine,
    'filter[type]': filters.type,
    'filter[status]': INBOX_VIEW_STATUSES[filters.status].join(','),
    'filter[assignedTo]': filters.assignedTo,
    'filter[id]': filters.idIn || undefined,
    'filter[alert]': filters.alert === 'any' ? undefined : filters.alert,
    'filter[overdue]': filters.overdue ? 'true' : undefined,
    search: filters.search || undefined,
    'filter[hidden]': filters.hidden === 'exclude' ? undefined : filters.hidden,
    sort: getInboxSort(filters),
    groupBy: isGroupedByPatient(filters) ? 'patient' : undefined,
    'page[limit]': INBOX_PAGE_SIZE,
  };
}

/** A stable key of everything that selects and orders the list: a change starts its paging afresh. */
export function getInboxFiltersKey(filters: InboxFilters): string {
  return toInboxSearchParams(filters).toString();
}

/**
 * A stable key of what selects the documents (not their order): a change resets the selection and the
 * checks (SPEC §4); re-sorting or grouping keeps the open document open.
 */
export function getInboxSelectionKey(filters: InboxFilters): string {
  return getInboxFiltersKey({ ...filters, sort: '', groupByPatient: false });
}

/** How many filters differ from what a bare link opens (the narrow screen's one filter control says it). */
export function countChangedFilters(
  filters: InboxFilters,
  currentClinicNpi: string | undefined,
  defaults: InboxFilterDefaults = {},
): number {
  const bare = parseInboxFilters(new URLSearchParams(), currentClinicNpi, defaults);
  const keys = [
    'clinicNpi',
    'serviceLine',
    'type',
    'alert',
    'overdue',
    'assignedTo',
    'search',
    'hidden',
  ] as const;
  return keys.filter((key) => filters[key] !== bare[key]).length;
}
