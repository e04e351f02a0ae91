import { SIGNATURE_DASHBOARD_PATH } from '@portal/domain';

/**
 * The inbox opened on one document (SPEC §2 signature dashboard link), in its viewer with its details and
 * actions. Every filter is 'any' but the clinic, so it is found whatever the reader's own filters are.
 */
export function inboxDocumentLink(clinicNpi: string, documentId: string): string {
  const params = new URLSearchParams({
    clinicNpi,
    serviceLine: 'any',
    type: 'any',
    status: 'any',
    assignedTo: 'any',
    idIn: documentId,
  });
  return `${SIGNATURE_DASHBOARD_PATH}?${params.toString()}`;
}

/**
 * A clinic's to-do list in the inbox, whoever the documents are assigned to (what the header ticker
 * counts): optionally one alert level only (`alert`, the inbox's alert filter), only the overdue
 * (`overdue`, past their review due time), and in an order of the
 * inbox's column sorts ('received': the longest waiting first).
 */
export function inboxToDoLink(
  clinicNpi: string,
  options: { alert?: 'high' | 'medium' | 'low'; overdue?: boolean; sort?: 'received' | 'alert' } = {},
): string {
  const params = new URLSearchParams({
    clinicNpi,
    serviceLine: 'any',
    type: 'any',
    status: 'todo',
    assignedTo: 'any',
  });
  if (options.alert) params.set('alert', options.alert);
  if (options.overdue) params.set('overdue', 'true');
  if (options.sort) params.set('sort', options.sort);
  return `${SIGNATURE_DASHBOARD_PATH}?${params.toString()}`;
}
