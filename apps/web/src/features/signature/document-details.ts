import { documentTypeLabel, formatDueStatus, isStudyDocumentType } from '@portal/domain';
import type { DocumentAttributes } from './document-resource';
import { formatInboxDate } from './inbox-format';

export type DetailField = { label: string; value: string };
export type DetailSection = { title: string; fields: DetailField[] };

/**
 * What kind of device a document is about, which decides the fields its details show:
 * - implant: a pacemaker, defibrillator or CRT device, with its leads and implant date;
 * - loop-recorder: an implanted loop recorder (no leads);
 * - wearable: a wearable cardiac device (worn, not implanted: SPEC §1's WCD suite);
 * - study: a Holter, MCT, event, sleep or ambulatory blood pressure recording (nothing implanted);
 * - rpm: remote patient monitoring, with home devices (cuff, scale, glucometer) and their readings.
 */
export type DeviceKind = 'implant' | 'loop-recorder' | 'wearable' | 'study' | 'rpm';

export function findDeviceKind(
  document: Pick<DocumentAttributes, 'type' | 'serviceLine' | 'device' | 'deviceDetail'>,
): DeviceKind {
  if (document.serviceLine === 'rpm' || document.type.startsWith('rpm-')) return 'rpm';
  if (
    isStudyDocumentType(document.type) ||
    document.serviceLine === 'sleep' ||
    document.serviceLine === 'abpm'
  ) {
    return 'study';
  }
  if (document.serviceLine === 'wcd') return 'wearable';
  if (
    document.type === 'FileMaker-30-day-ILR-Report' ||
    document.device === 'ILR' ||
    document.deviceDetail?.chambers === 'No Leads'
  ) {
    return 'loop-recorder';
  }
  return 'implant';
}

const DEVICE_SECTION_TITLES: Record<DeviceKind, string> = {
  implant: 'Implanted device',
  'loop-recorder': 'Loop recorder',
  wearable: 'Wearable device',
  study: 'Recorder',
  rpm: 'Home monitoring',
};

const SERVICE_LINE_LABELS: Record<string, string> = {
  crm: 'Cardiac rhythm management',
  rpm: 'Remote patient monitoring',
  wcd: 'Wearable cardiac monitoring',
  sleep: 'Sleep',
  abpm: 'Ambulatory blood pressure',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Fields with something to show; an empty one is left out rather than shown as a blank to fill. */
function present(fields: DetailField[]): DetailField[] {
  return fields.filter((field) => field.value !== '' && field.value !== '—');
}

/** The key results a report's metadata lists ({label, value}[] under keyResults, or readings for RPM). */
function readKeyResults(metadata: DocumentAttributes['metadata']): DetailField[] {
  const results: DetailField[] = [];
  for (const key of ['keyResults', 'readings']) {
    const list = metadata?.[key];
    if (!Array.isArray(list)) continue;
    for (const item of list.slice(0, 12)) {
      if (typeof item !== 'object' || item === null) continue;
      const record = item as Record<string, unknown>;
      const label = text(record.label ?? record.name);
      const unit = text(record.unit);
      const value = text(record.value);
      if (label && value) results.push({ label, value: unit ? `${value} ${unit}` : value });
    }
  }
  return results;
}

function recordingPeriod(document: Pick<DocumentAttributes, 'clinicalStart' | 'clinicalEnd'>): string {
  if (!document.clinicalStart) return '';
  const start = formatInboxDate(document.clinicalStart);
  return document.clinicalEnd ? `${start} – ${formatInboxDate(document.clinicalEnd)}` : start;
}

/** The device section: only the fields that fit the kind of device (no implant date on a Holter). */
function deviceFields(document: DocumentAttributes, kind: DeviceKind): DetailField[] {
  const detail = document.deviceDetail ?? {};
  const maker = [
    { label: 'Manufacturer', value: text(detail.manufacturer) },
    { label: 'Model', value: text(detail.modelName) },
  ];
  const serial = { label: 'Serial number', value: text(detail.serialNumber) };
  switch (kind) {
    case 'implant':
      return [
        { label: 'Device', value: text(document.device) },
        ...maker,
        serial,
        { label: 'Leads', value: text(detail.chambers) },
        { label: 'Implant date', value: detail.implantDate ? formatInboxDate(detail.implantDate) : '' },
      ];
    case 'loop-recorder':
      return [
        ...maker,
        serial,
        { label: 'Implant date', value: detail.implantDate ? formatInboxDate(detail.implantDate) : '' },
      ];
    case 'wearable':
    case 'study':
      return [
        { label: 'Device', value: text(document.device) },
        ...maker,
        serial,
        { label: 'Recording', value: recordingPeriod(document) },
      ];
    case 'rpm':
      return [
        { label: 'Devices', value: text(document.device) },
        ...maker,
        { label: 'Reading period', value: recordingPeriod(document) },
        { label: 'Encounter', value: text(document.rpmEncounterId) },
      ];
  }
}

/**
 * The details panel's sections for one document, fitted to its service line and device: the patient,
 * the report, the device (implant, loop recorder, wearable, study recorder or home devices) and the key
 * results the report carries. Only fields with a value are listed.
 */
export function listDocumentDetails(
  document: DocumentAttributes,
  options: { nameOf: (userId: string) => string; now?: Date },
): DetailSection[] {
  const kind = findDeviceKind(document);
  const received = document.createdAt ? formatInboxDate(document.createdAt) : '';
  // Issue 17: the review deadline, while the document waits for its review.
  const dueAt = document.status === 'unsigned' && document.dueAt ? new Date(document.dueAt) : null;
  const reviewDue = dueAt
    ? `${formatDueStatus(dueAt, options.now ?? new Date()).text} (${formatInboxDate(document.dueAt)})`
    : '';
  const sections: DetailSection[] = [
    {
      title: 'Patient',
      fields: present([
        { label: 'Patient ID', value: text(document.patientId) },
        { label: 'Date of birth', value: formatInboxDate(document.patientDob) },
      ]),
    },
    {
      title: 'Report',
      fields: present([
        { label: 'Type', value: documentTypeLabel(document.type) },
        { label: 'Date of service', value: formatInboxDate(document.dos) },
        { label: 'Received', value: received },
        { label: 'Review due', value: reviewDue },
        { label: 'Service line', value: SERVICE_LINE_LABELS[document.serviceLine] ?? document.serviceLine },
        { label: 'Clinic', value: text(document.clinicName) },
        { label: 'Physician', value: text(document.physicianName) },
        {
          label: 'Assigned to',
          value: document.assignedTo ? options.nameOf(document.assignedTo) : 'Unassigned',
        },
      ]),
    },
    { title: DEVICE_SECTION_TITLES[kind], fields: present(deviceFields(document, kind)) },
    { title: kind === 'rpm' ? 'Readings' : 'Key results', fields: readKeyResults(document.metadata) },
  ];
  return sections.filter((section) => section.fields.length > 0);
}
