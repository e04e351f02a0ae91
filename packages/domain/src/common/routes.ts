// Routes named in SPEC §2.

export const AUTH_CALLBACK_PATH = '/auth/callback';
export const SIGNATURE_DASHBOARD_PATH = '/signature/dashboard/';

/** Query parameters of the signature dashboard link, in SPEC order. */
export const SIGNATURE_DASHBOARD_PARAMS = [
  'clinicNpi',
  'serviceLine',
  'type',
  'status',
  'assignedTo',
  'idIn',
] as const;

/**
 * The link a notification carries to one document: every filter is 'any' so the document is found
 * whatever the reader's current filters are.
 */
export function buildSignatureDashboardLink(documentId: string): string {
  const params = new URLSearchParams({
    clinicNpi: 'any',
    serviceLine: 'any',
    type: 'any',
    status: 'any',
    assignedTo: 'any',
    idIn: documentId,
  });
  return `${SIGNATURE_DASHBOARD_PATH}?${params.toString()}`;
}
