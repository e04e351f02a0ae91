import {
  INBOX_VIEW_STATUSES,
  type InboxView,
  isAlertDocument,
  isBulkSignable as isBulkSignableAtClinic,
  type MergedClinicConfiguration,
} from '@portal/domain';
import type { DocumentResource } from './document-resource';

/** Documents 'Check all' takes: unsigned and not an alert (SPEC §4; an alert type or an alert level). */
export function isCheckAllDocument(document: DocumentResource): boolean {
  return document.attributes.status === 'unsigned' && !isAlertDocument(document.attributes);
}

/** Without a clinic's configuration alerts stay out of bulk signing (the server would refuse them). */
const NO_CONFIGURATION: MergedClinicConfiguration = { featureFlags: {}, settings: {} };

/**
 * Documents that can be checked (and so bulk-signed or reassigned together): unsigned, never a high alert,
 * and other alerts only where the clinic lets physicians bulk-sign alerts (SPEC §6,
 * physicianBulkSignAlerts): the domain rule the server applies. Without the clinic's configuration
 * alerts stay out.
 */
export function isBulkSignable(
  document: DocumentResource,
  configuration?: MergedClinicConfiguration,
): boolean {
  if (document.attributes.status !== 'unsigned') return false;
  return isBulkSignableAtClinic(document.attributes, configuration ?? NO_CONFIGURATION);
}

export function listBulkSignableIds(
  documents: readonly DocumentResource[],
  configuration?: MergedClinicConfiguration,
): string[] {
  return documents
    .filter((document) => isBulkSignable(document, configuration))
    .map((document) => document.id);
}

/** 'Check all': every unsigned document without an alert (SPEC §4). */
export function listCheckAllIds(documents: readonly DocumentResource[]): string[] {
  return documents.filter(isCheckAllDocument).map((document) => document.id);
}

/** The calendar day of a date of service, as the inbox shows it (local time); the text itself if unparseable. */
function dayOfService(dos: string): string {
  const date = new Date(dos);
  if (Number.isNaN(date.getTime())) return dos;
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/**
 * SPEC §4 rpmSelectByDos: the other loaded RPM documents of the same patient and date of service as
 * `id` (none when `id` is not an RPM document or is not loaded). `include` narrows them to the ones
 * that can be checked.
 */
export function listSameRpmVisitIds(
  documents: readonly DocumentResource[],
  id: string,
  include: (document: DocumentResource) => boolean = () => true,
): string[] {
  const target = documents.find((document) => document.id === id);
  if (target?.attributes.serviceLine !== 'rpm') return [];
  const patientId = target.attributes.patientId;
  const day = dayOfService(target.attributes.dos);
  return documents
    .filter(
      (document) =>
        document.id !== id &&
        document.attributes.serviceLine === 'rpm' &&
        document.attributes.patientId === patientId &&
        dayOfService(document.attributes.dos) === day &&
        include(document),
    )
    .map((document) => document.id);
}

/**
 * The selected document: the chosen one while it is listed, else the first listed (SPEC §4: after the
 * first page loads the first document is selected), else none.
 */
export function resolveSelectedId(
  documents: readonly DocumentResource[],
  selectedId: string | undefined,
): string | undefined {
  if (selectedId && documents.some((document) => document.id === selectedId)) return selectedId;
  return documents[0]?.id;
}

/**
 * The document `step` places away from the selected one (j/k, arrows), staying at the ends. When the open
 * document has left the list (signed in To do), `anchorIndex` is where it was: the next is the one that
 * took its place, the previous the one above it, so the reader keeps their place.
 */
export function moveSelection(
  documents: readonly DocumentResource[],
  selectedId: string | undefined,
  step: number,
  anchorIndex?: number,
): string | undefined {
  if (documents.length === 0) return undefined;
  const index = documents.findIndex((document) => document.id === selectedId);
  if (index === -1) {
    if (anchorIndex === undefined) return documents[0]?.id;
    const target = step > 0 ? anchorIndex + step - 1 : anchorIndex + step;
    return documents[Math.min(documents.length - 1, Math.max(0, target))]?.id;
  }
  const next = Math.min(documents.length - 1, Math.max(0, index + step));
  return documents[next]?.id;
}

/**
 * Sign and move on: the document to open after `finishedId` was signed or acknowledged, in the list's
 * current order: the one below it, else (it was the last) the one above, else none.
 */
export function findNextToOpen(
  documents: readonly DocumentResource[],
  finishedId: string,
): string | undefined {
  const index = documents.findIndex((document) => document.id === finishedId);
  if (index === -1) return undefined;
  return documents[index + 1]?.id ?? documents[index - 1]?.id;
}

const IN_PROGRESS_STATUSES: readonly string[] = ['signing', 'acknowledging'];

/**
 * Whether a loaded document still belongs in the view's list: its status is one the view shows, or it is
 * on its way (signing). A document signed in To do leaves the list at once, without waiting for the
 * refetch; the reader's open document stays open (the page retains it).
 */
export function isListedInView(document: DocumentResource, view: InboxView): boolean {
  const statuses: readonly string[] = INBOX_VIEW_STATUSES[view];
  return (
    statuses.includes(document.attributes.status) || IN_PROGRESS_STATUSES.includes(document.attributes.status)
  );
}

/** A row of the list: a patient's heading (grouped by patient) or a document. */
export type InboxListEntry =
  | { kind: 'patient'; key: string; name: string; count: number }
  | { kind: 'document'; document: DocumentResource };

/**
 * The list's rows. Grouped by patient, the server keeps each patient's documents together (groups in the
 * order of their most urgent document); a heading with the patient's name and count starts each group.
 */
export function listInboxEntries(
  documents: readonly DocumentResource[],
  groupedByPatient: boolean,
): InboxListEntry[] {
  if (!groupedByPatient) return documents.map((document) => ({ kind: 'document', document }));
  const entries: InboxListEntry[] = [];
  let heading: Extract<InboxListEntry, { kind: 'patient' }> | undefined;
  for (const document of documents) {
    const { clinicNpi, patientId, patientFirstName, patientLastName } = document.attributes;
    const key = `${clinicNpi}/${patientId}`;
    if (heading?.key !== key) {
      heading = { kind: 'patient', key, name: `${patientLastName}, ${patientFirstName}`, count: 0 };
      entries.push(heading);
    }
    heading.count += 1;
    entries.push({ kind: 'document', document });
  }
  return entries;
}

/**
 * Checks after the list grows: in bulk mode ('Check all' was used) the newly loaded bulk-signable
 * documents join the checks (SPEC §4); otherwise the checks stay as they are.
 */
export function extendBulkChecks(
  checked: ReadonlySet<string>,
  bulkMode: boolean,
  documents: readonly DocumentResource[],
): ReadonlySet<string> {
  if (!bulkMode) return checked;
  const ids = listCheckAllIds(documents);
  if (ids.every((id) => checked.has(id))) return checked;
  return new Set([...checked, ...ids]);
}

/**
 * Toggling one check is ignored in bulk mode (SPEC §4). `linkedIds` follow the toggled document: checked
 * when it becomes checked, unchecked when it is unchecked (rpmSelectByDos, see listSameRpmVisitIds).
 */
export function toggleCheck(
  checked: ReadonlySet<string>,
  bulkMode: boolean,
  id: string,
  linkedIds: readonly string[] = [],
): ReadonlySet<string> {
  if (bulkMode) return checked;
  const next = new Set(checked);
  const checking = !next.has(id);
  for (const each of [id, ...linkedIds]) {
    if (checking) next.add(each);
    else next.delete(each);
  }
  return next;
}
