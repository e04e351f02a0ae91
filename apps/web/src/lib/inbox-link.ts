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
