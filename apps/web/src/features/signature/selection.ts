import type { DocumentResource } from './document-resource';

/** Documents 'Check all' takes and bulk sign signs: unsigned and without an alert (SPEC §4). */
export function isBulkSignable(document: DocumentResource): boolean {
  return document.attributes.status === 'unsigned' && !document.attributes.alert;
}

export function listBulkSignableIds(documents: readonly DocumentResource[]): string[] {
  return documents.filter(isBulkSignable).map((document) => document.id);
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
  const ids = listBulkSignableIds(documents);
  if (ids.every((id) => checked.has(id))) return checked;
  return new Set([...checked, ...ids]);
}

/** Toggling one check is ignored in bulk mode (SPEC §4). */
export function toggleCheck(
  checked: ReadonlySet<string>,
  bulkMode: boolean,
  id: string,
): ReadonlySet<string> {
  if (bulkMode) return checked;
  const next = new Set(checked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
