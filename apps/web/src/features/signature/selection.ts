import { isBulkSignableDocumentType, type MergedClinicConfiguration } from '@portal/domain';
import type { DocumentResource } from './document-resource';

/** Documents 'Check all' takes: unsigned and without an alert (SPEC §4). */
export function isCheckAllDocument(document: DocumentResource): boolean {
  return document.attributes.status === 'unsigned' && !document.attributes.alert;
}

/**
 * Documents that can be checked (and so bulk-signed or reassigned together): unsigned, and without an
 * alert unless the clinic lets physicians bulk-sign alerts (SPEC §6, physicianBulkSignAlerts), as the
 * server decides. Without the clinic's configuration alerts stay out.
 */
export function isBulkSignable(
  document: DocumentResource,
  configuration?: MergedClinicConfiguration,
): boolean {
  if (document.attributes.status !== 'unsigned') return false;
  if (!document.attributes.alert) return true;
  return configuration !== undefined && isBulkSignableDocumentType(document.attributes.type, configuration);
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
  if (!target || target.attributes.serviceLine !== 'rpm') return [];
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

/** The document `step` places away from the selected one (j/k, arrows), staying at the ends. */
export function moveSelection(
  documents: readonly DocumentResource[],
  selectedId: string | undefined,
  step: number,
): string | undefined {
  if (documents.length === 0) return undefined;
  const index = documents.findIndex((document) => document.id === selectedId);
  if (index === -1) return documents[0]?.id;
  const next = Math.min(documents.length - 1, Math.max(0, index + step));
  return documents[next]?.id;
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
