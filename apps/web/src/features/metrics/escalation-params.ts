import { REVIEW_CLASSES, type ReviewClass, TABLE_DEFAULT_ROWS } from '@portal/domain';
import type { QueryValue } from '../../lib/api-client';

// The escalation queue's filters and page, kept in the address (`?level=high&when=overdue&clinicNpi=…
// &page=2&size=25`) so a view of the queue can be linked and survives a reload.

export const ESCALATION_WHEN = ['all', 'overdue', 'soon'] as const;
export type EscalationWhen = (typeof ESCALATION_WHEN)[number];
export const ESCALATION_WHEN_LABELS: Record<EscalationWhen, string> = {
  all: 'Overdue or due within 24 h',
  overdue: 'Overdue',
  soon: 'Due within 24 h',
};
export const ESCALATION_PAGE_SIZES = [10, 25, 50, 100] as const;

export type EscalationParams = {
  level: ReviewClass | 'any';
  when: EscalationWhen;
  clinicNpi: string;
  page: number;
  size: number;
};

function positive(value: string | null, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

export function readEscalationParams(params: URLSearchParams): EscalationParams {
  const level = params.get('level');
  const when = params.get('when');
  const clinicNpi = params.get('clinicNpi') ?? '';
  return {
    level: (REVIEW_CLASSES as readonly string[]).includes(level ?? '') ? (level as ReviewClass) : 'any',
    when: (ESCALATION_WHEN as readonly string[]).includes(when ?? '') ? (when as EscalationWhen) : 'all',
    clinicNpi: /^\d{10}$/.test(clinicNpi) ? clinicNpi : '',
    page: positive(params.get('page'), 1, 100_000),
    size: positive(params.get('size'), TABLE_DEFAULT_ROWS, 100),
  };
}

/** Back to the address: only what differs from the defaults. */
export function toEscalationSearchParams(value: EscalationParams): URLSearchParams {
  const params = new URLSearchParams();
  if (value.level !== 'any') params.set('level', value.level);
  if (value.when !== 'all') params.set('when', value.when);
  if (value.clinicNpi) params.set('clinicNpi', value.clinicNpi);
  if (value.page !== 1) params.set('page', String(value.page));
  if (value.size !== TABLE_DEFAULT_ROWS) params.set('size', String(value.size));
  return params;
}

/** A filter change starts again at the first page; a page change keeps the filters. */
export function updateEscalationParams(
  current: EscalationParams,
  change: Partial<EscalationParams>,
): EscalationParams {
  const pageOnly = Object.keys(change).every((key) => key === 'page');
  return { ...current, ...(pageOnly ? {} : { page: 1 }), ...change };
}

/** GET /api/reports/metrics/alert-escalation's query. */
export function toEscalationQuery(value: EscalationParams): Record<string, QueryValue> {
  return {
    level: value.level === 'any' ? undefined : value.level,
    when: value.when,
    clinicNpi: value.clinicNpi || undefined,
    page: value.page,
    size: value.size,
  };
}
