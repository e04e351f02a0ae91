import {
  documentTypeLabel,
  formatMedicationName,
  OAC_STATUS_LABELS,
  type OacStatus,
  oacStatusOf,
  PATIENT_AUDIT_EVENT_TYPES,
  type PatientEventKind,
  parseOacValue,
  STUDY_STATUS_LABELS,
} from '@portal/domain';

// The timeline's one line per event. It names what happened and to which kind of document, never a
// value a person typed (a note, a comment, a name): the timeline is read beside the record itself.

type EventFacts = {
  entityType: string;
  eventType: string;
  documentType: string | null;
  before: unknown;
  after: unknown;
};

/** What a timeline entry is about: a document of the patient, the record, its OAC, or a sync. */
export function patientEventKind(event: Pick<EventFacts, 'entityType' | 'eventType'>): PatientEventKind {
  if (event.entityType === 'document') return 'document';
  if (event.entityType === 'study' || event.eventType.startsWith('sleep_profile_')) return 'study';
  if (event.eventType === PATIENT_AUDIT_EVENT_TYPES.updateOac) return 'oac';
  if (event.eventType === PATIENT_AUDIT_EVENT_TYPES.synced) return 'sync';
  if (event.eventType === PATIENT_AUDIT_EVENT_TYPES.deviceSession) return 'device';
  return 'patient';
}

function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

const DOCUMENT_EVENT_SUMMARIES: Record<string, (report: string, after: unknown) => string> = {
  created: (report) => `${capitalize(report)} received`,
  signed: (report) => `Signed the ${report}`,
  acknowledged: (report) => `Acknowledged the ${report}`,
  unsigned: (report) => `Un-signed the ${report}`,
  reassigned: (report) => `Reassigned the ${report}`,
  update_oac: (report) => `Changed OAC on the ${report}`,
  update_pin: (report, after) =>
    `${member(after, 'isPinned') === false ? 'Unpinned' : 'Pinned'} the ${report}`,
  update_lock: (report, after) =>
    `${member(after, 'locked') === false ? 'Unlocked' : 'Locked'} the ${report}`,
  update_is_downloaded: (report, after) =>
    `Marked the ${report} as ${member(after, 'isDownloaded') === false ? 'not downloaded' : 'downloaded'}`,
  soft_delete: (report) => `Moved the ${report} to the trash`,
  undelete: (report) => `Restored the ${report} from the trash`,
  replaced: (report) => `Replaced the ${report}`,
  user_comment: (report) => `Commented on the ${report}`,
  problem_reported: (report) => `Reported a problem with the ${report}`,
  workflow_modification: (report) => `Updated the ${report}`,
  error: (report) => `Marked the ${report} as a system error`,
  emr_delivered: (report) => `Sent the ${report} to the EMR`,
  escalated: (report, after) =>
    member(after, 'step') === 'half-time'
      ? `The ${report} reached half its review time`
      : member(after, 'step') === 'due'
        ? `The ${report} passed its review time`
        : `The ${report} was escalated to the clinic's contacts`,
  reviewed_internally: (report) => `Reviewed the ${report} internally`,
  emr_delivery_failed: (report, after) =>
    member(after, 'final') === true
      ? `The ${report} could not be sent to the EMR`
      : `Sending the ${report} to the EMR failed; it will be tried again`,
  emr_resend_requested: (report) => `Asked to send the ${report} to the EMR again`,
  // Issue 30 §3: the copy the EMR holds of an un-signed document.
  emr_correction_queued: (report) =>
    `Queued the correction of the ${report}'s copy in the EMR (entered-in-error)`,
  emr_corrected: (report) => `The EMR marked its copy of the ${report} entered-in-error`,
  emr_correction_failed: (report, after) =>
    member(after, 'final') === true
      ? `The ${report}'s copy in the EMR could not be corrected`
      : `Correcting the ${report}'s copy in the EMR failed; it will be tried again`,
};

const FIELD_LABELS: Record<string, string> = {
  patientId: 'patient id',
  fmId: 'FileMaker id',
  firstName: 'first name',
  middleName: 'middle name',
  lastName: 'last name',
  dob: 'date of birth',
  gender: 'gender',
  physicianNpi: 'physician',
  override: 'overrides',
  medicalInfo: 'medical information',
  deviceInfo: 'device information',
  contactInfo: 'contact information',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function oacStatusLabel(value: unknown): string {
  if (typeof value !== 'string' || value === '') return 'none';
  const status = oacStatusOf(value);
  if (!status) return value;
  const label = OAC_STATUS_LABELS[status as OacStatus];
  return parseOacValue(value).isCustom ? `${label} (custom)` : label;
}

function describeOacChange(before: unknown, after: unknown): string {
  if (member(after, 'oacStatus') !== undefined || member(before, 'oacStatus') !== undefined) {
    return `OAC status: ${oacStatusLabel(member(before, 'oacStatus'))} → ${oacStatusLabel(member(after, 'oacStatus'))}`;
  }
  const entryBefore = member(before, 'oacHistoryEntry');
  const entryAfter = member(after, 'oacHistoryEntry');
  const medication = formatMedicationName(
    (member(entryAfter, 'medicationName') ?? member(entryBefore, 'medicationName')) as string | null,
  );
  if (!entryBefore) return `OAC history: ${medication} added`;
  if (!entryAfter) return `OAC history: ${medication} removed`;
  const ended = !member(entryBefore, 'endDate') && member(entryAfter, 'endDate');
  return `OAC history: ${medication} ${ended ? 'ended' : 'changed'}`;
}

function describeDeviceSession(after: unknown): string {
  const what = member(after, 'kind') === 'in-person' ? 'In-person device check' : 'Remote transmission';
  const deviceType = member(after, 'deviceType');
  const count = member(after, 'measurementCount');
  const values = typeof count === 'number' ? `, ${count} ${count === 1 ? 'value' : 'values'}` : '';
  return `${what} recorded${typeof deviceType === 'string' ? ` (${deviceType}${values})` : ''}`;
}

/** 'Sleep study', 'MCT study', 'ABPM study'. */
function studyName(after: unknown): string {
  const studyType = member(after, 'studyType');
  if (typeof studyType === 'string') return `${studyType} study`;
  return member(after, 'suite') === 'abpm'
    ? 'ABPM study'
    : member(after, 'suite') === 'wcd'
      ? 'WCD study'
      : 'Sleep study';
}

function describeStudyEvent(event: EventFacts): string {
  if (event.eventType === 'sleep_profile_created') return 'Sleep profile created';
  if (event.eventType === 'sleep_profile_updated') return 'Sleep profile changed';
  const name = studyName(event.after);
  const vendor = member(event.after, 'vendor');
  const to = typeof vendor === 'string' ? vendor : 'its vendor';
  switch (event.eventType) {
    case 'created':
      return `${name} ordered`;
    case 'updated':
      return `${name} order changed`;
    case 'push_requested':
      return `${name} queued for ${to}`;
    case 'pushed':
      return `${name} sent to ${to}`;
    case 'push_failed':
      return `${name} could not be sent`;
    case 'push_attempt_failed':
      return `${name}: sending failed, trying again`;
    case 'results_received':
      return `${name} results received`;
    case 'status_changed': {
      const status = member(event.after, 'status');
      const label =
        typeof status === 'string' ? (STUDY_STATUS_LABELS as Record<string, string>)[status] : undefined;
      return `${name}: ${(label ?? String(status)).toLowerCase()}`;
    }
    default:
      return `${name}: ${event.eventType.replaceAll('_', ' ')}`;
  }
}

/** The one line a person reads for an event of the patient's timeline. */
export function describePatientEvent(event: EventFacts): string {
  const kind = patientEventKind(event);
  if (kind === 'document') {
    const report = event.documentType ? `${documentTypeLabel(event.documentType)} report` : 'document';
    const summary = Object.hasOwn(DOCUMENT_EVENT_SUMMARIES, event.eventType)
      ? DOCUMENT_EVENT_SUMMARIES[event.eventType]
      : undefined;
    return summary ? summary(report, event.after) : `${event.eventType.replaceAll('_', ' ')}: the ${report}`;
  }
  if (kind === 'oac') return describeOacChange(event.before, event.after);
  if (kind === 'sync') return 'Synced from FileMaker';
  if (kind === 'device') return describeDeviceSession(event.after);
  if (kind === 'study') return describeStudyEvent(event);
  if (event.eventType === PATIENT_AUDIT_EVENT_TYPES.created) return 'Patient record created';
  if (event.eventType === PATIENT_AUDIT_EVENT_TYPES.deleted) return 'Patient record deleted';
  const fields = Object.keys(
    typeof event.after === 'object' && event.after !== null ? (event.after as object) : {},
  ).map((key) => FIELD_LABELS[key] ?? key);
  return fields.length > 0 ? capitalize(`changed ${listOf(fields)}`) : 'Patient record changed';
}
