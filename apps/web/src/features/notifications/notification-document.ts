import { DOCUMENT_TYPE_LABELS, formatUsDate } from '@portal/domain';

/** The document a notification is about, as its list item shows it: who, what and when. */
export type NotificationDocument = {
  /** 'Doe, Jane', as the inbox lists patients. */
  patient: string;
  /** The type's display label, e.g. '90 Day'. */
  typeLabel: string;
  /** The date of service, MM/dd/yyyy. */
  dos: string;
};

/** The fields of GET /api/reports/:id the notification list reads. */
type DocumentAttributes = {
  type: string;
  dos: string;
  patientFirstName: string | null;
  patientLastName: string | null;
};

export function describeNotificationDocument(attributes: DocumentAttributes): NotificationDocument {
  const names = [attributes.patientLastName, attributes.patientFirstName]
    .map((name) => name?.trim() ?? '')
    .filter(Boolean);
  return {
    patient: names.length > 0 ? names.join(', ') : 'Unnamed patient',
    typeLabel: (DOCUMENT_TYPE_LABELS as Record<string, string>)[attributes.type] ?? attributes.type,
    dos: formatUsDate(attributes.dos),
  };
}
