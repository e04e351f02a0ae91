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

/**
 * A provider's own to-do list: the unsigned documents assigned to them, at every clinic they read. It is
 * the set the daily and weekly reminders count (GET /api/reports with filter[assignedTo]=me and
 * filter[status]=unsigned) and the view their link opens; a provider's inbox opens on assignedTo=me.
 */
export const MY_TO_DO_FILTER = {
  clinicNpi: 'any',
  serviceLine: 'any',
  type: 'any',
  status: 'todo',
  assignedTo: 'me',
} as const;

/** The link of a reminder: the signature dashboard showing the reader's own to-do list. */
export function buildMyToDoLink(): string {
  return `${SIGNATURE_DASHBOARD_PATH}?${new URLSearchParams(MY_TO_DO_FILTER).toString()}`;
}
