import {
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

/**
 * The inbox filter, as the signature dashboard link carries it (SPEC §2): clinicNpi, serviceLine, type,
 * status, assignedTo, idIn, plus the search text. `status` holds the view (todo, done, any).
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
  search: string;
  hidden: HiddenFilter;
};

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

/** Reads the filter from the address; anything missing or unknown falls back to the default. */
export function parseInboxFilters(
  params: URLSearchParams,
  currentClinicNpi: string | undefined,
): InboxFilters {
  const clinicNpi = params.get('clinicNpi');
  const type = params.get('type');
  const idIn = params.get('idIn')?.trim() ?? '';
  return {
    clinicNpi:
      clinicNpi === 'any' || (clinicNpi !== null && NPI_PATTERN.test(clinicNpi))
        ? clinicNpi
        : (currentClinicNpi ?? 'any'),
    serviceLine: oneOf(SERVICE_LINES, params.get('serviceLine'), 'any'),
    type: type !== null && (DOCUMENT_TYPES as readonly string[]).includes(type) ? type : 'any',
    status: parseView(params.get('status')),
    assignedTo: oneOf(ASSIGNED_TO_OPTIONS, params.get('assignedTo'), 'any'),
    idIn: UUID_PATTERN.test(idIn) ? idIn : '',
    search: params.get('search')?.trim() ?? '',
    hidden: oneOf(HIDDEN_OPTIONS, params.get('hidden'), 'exclude'),
  };
}

/**
 * Writes the filter to the address: every SPEC §2 key is written (so the link can be shared as it is),
 * idIn and search only when set.
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
  if (filters.search) params.set('search', filters.search);
  if (filters.hidden !== 'exclude') params.set('hidden', filters.hidden);
  return params;
}

/** Changes part of the filter. Any change but the selection link itself drops idIn (it narrows to one document). */
export function updateInboxFilters(filters: InboxFilters, change: Partial<InboxFilters>): InboxFilters {
  return { ...filters, idIn: '', ...change };
}

/** Done lists the newest date of service first; other views use the server's default work order. */
export function getInboxSort(view: InboxView): string {
  return view === 'done' ? '-dos' : 'pinned,status,alert,type,-dos';
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
    search: filters.search || undefined,
    'filter[hidden]': filters.hidden === 'exclude' ? undefined : filters.hidden,
    sort: getInboxSort(filters.status),
    // Grouping by patient applies only in the to-do view (SPEC §4).
    groupBy: filters.status === 'todo' ? 'patient' : undefined,
    'page[limit]': INBOX_PAGE_SIZE,
  };
}

/** A stable key of everything that selects the list: a change resets paging and selection. */
export function getInboxFiltersKey(filters: InboxFilters): string {
  return toInboxSearchParams(filters).toString();
}
