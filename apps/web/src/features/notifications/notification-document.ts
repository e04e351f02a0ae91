import { type DocumentAttributes, documentTypeLabel, formatUsDate } from '@portal/domain';

/** The document a notification is about, as its list item shows it: who, what and when. */
export type NotificationDocument = {
  /** 'Doe, Jane', as the inbox lists patients. */
  patient: string;
  /** The type's display label, e.g. '90 Day'. */
  typeLabel: string;
  /** The date of service, MM/dd/yyyy. */
  dos: string;
};

/** The fields of GET /api/reports/:id the notification list reads; a blank or missing name shows as unnamed. */
type NamedDocument = Pick<DocumentAttributes, 'type' | 'dos'> & {
  [name in 'patientFirstName' | 'patientLastName']: DocumentAttributes[name] | null;
};

export function describeNotificationDocument(attributes: NamedDocument): NotificationDocument {
  const names = [attributes.patientLastName, attributes.patientFirstName]
    .map((name) => name?.trim() ?? '')
    .filter(Boolean);
  return {
    patient: names.length > 0 ? names.join(', ') : 'Unnamed patient',
    typeLabel: documentTypeLabel(attributes.type),
    dos: formatUsDate(attributes.dos),
  };
}
