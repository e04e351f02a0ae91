import { DEVICE_TYPES, findCatalogModelsByName, manufacturerCodeOf } from '@portal/domain';
import type { Insertable } from 'kysely';
import type { PatientsTable } from '../../db/schema';

// A patient as the first document that names them describes them: the names and date of birth printed on
// the document, and the implant its device details name. A person at the clinic or a FileMaker sync
// completes the rest.

export type DocumentPatientFacts = {
  clinicNpi: string;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  patientDob: Date | string | null;
  /** The document's device type (SPEC §3: PM, ICD, ILR, …). */
  device: string | null;
  /** The document's device details (JSON): manufacturer, modelName, serialNumber, implantDate. */
  deviceDetail: unknown;
  physicianNpi: string | null;
  /** What else is known of the patient where the documents come from (the demo data knows more). */
  more?: Partial<Insertable<PatientsTable>>;
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Implanted devices only: a study's lent monitor or an RPM home device is not the patient's device. */
const IMPLANT_TYPES: ReadonlySet<string> = new Set(['PM', 'ICD', 'ILR']);

export function deviceInfoFromDocument(document: Pick<DocumentPatientFacts, 'device' | 'deviceDetail'>) {
  if (!document.device || !IMPLANT_TYPES.has(document.device)) return null;
  const detail =
    typeof document.deviceDetail === 'string'
      ? (JSON.parse(document.deviceDetail) as Record<string, unknown>)
      : ((document.deviceDetail ?? {}) as Record<string, unknown>);
  const manufacturer = manufacturerCodeOf(text(detail.manufacturer));
  const model = text(detail.modelName);
  // Reports name the model; the catalog knows its number (the first of several variants of one name).
  const catalogNumber =
    manufacturer && model ? findCatalogModelsByName(model, { manufacturer })[0]?.modelNumber : undefined;
  const info = {
    manufacturer,
    model,
    modelNumber: text(detail.modelNumber) ?? catalogNumber ?? null,
    serialNumber: text(detail.serialNumber),
    deviceType: (DEVICE_TYPES as readonly string[]).includes(document.device) ? document.device : null,
    implantDate: text(detail.implantDate)?.slice(0, 10) ?? null,
  };
  const known = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== null));
  return Object.keys(known).length > 0 ? known : null;
}

function isoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

/** The new patient row a document implies. */
export function patientFromDocument(
  document: DocumentPatientFacts,
  actorId: string | null,
): Insertable<PatientsTable> {
  const deviceInfo = deviceInfoFromDocument(document);
  return {
    clinicNpi: document.clinicNpi,
    patientId: document.patientId,
    firstName: document.patientFirstName,
    lastName: document.patientLastName,
    dob: isoDate(document.patientDob),
    physicianNpi: document.physicianNpi,
    deviceInfo: deviceInfo ? JSON.stringify(deviceInfo) : null,
    updatedBy: actorId,
    ...document.more,
  };
}
