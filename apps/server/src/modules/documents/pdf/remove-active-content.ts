// Runs in the PDF-checking worker too (imported by inspect-pdf.worker.ts as './remove-active-content.ts'):
// Node strips its types, so it may import packages and '.ts' files only, and use no enums or parameter
// properties.
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';

/**
 * Actions a reader runs or that reach outside the document: scripts, programs, form submission and
 * import, media players, and jumps into embedded or remote files (a remote path can leak the reader's
 * network credentials). Links to web pages (URI) and jumps within the document stay.
 */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'RichMediaExecute',
  'Rendition',
  'GoToE',
  'GoToR',
  'Movie',
  'Sound',
]);
/** Annotations that carry files, media or 3D content (which has scripts of its own). */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound', '3D']);
/** Keys that hold actions a reader runs by itself, or embedded files, wherever they appear. */
const ACTIVE_KEYS: [key: string, kind: string][] = [
  ['OpenAction', 'OpenAction'],
  ['AA', 'AdditionalActions'],
  ['EF', 'EmbeddedFiles'],
  ['AF', 'EmbeddedFiles'],
  ['XFA', 'XFA'],
];
/** Entries of the document's name dictionary. */
const ACTIVE_NAME_TREES: [key: string, kind: string][] = [
  ['JavaScript', 'JavaScript'],
  ['EmbeddedFiles', 'EmbeddedFiles'],
  ['AlternatePresentations', 'RichMedia'],
];

const name = (text: string) => PDFName.of(text);

/**
 * Removes what could act on a reader's computer: the document's open action and additional actions, its
 * JavaScript, embedded files (and portfolio), XFA forms; every action of an active type wherever it is
 * referenced (annotation, outline, form field, another action's /Next); file-attachment, media and 3D
 * annotations. Then drops the objects nothing references any more, so the removed scripts and files are
 * not left in the saved bytes either. Returns what was removed, sorted ('JavaScript', 'OpenAction', …).
 */
export function removeActiveContent(doc: PDFDocument): string[] {
  const removed = new Set<string>();
  const { catalog, context } = doc;
  const names = catalog.lookup(name('Names'));
  if (names instanceof PDFDict) {
    for (const [key, kind] of ACTIVE_NAME_TREES) {
      if (names.has(name(key))) {
        names.delete(name(key));
        removed.add(kind);
      }
    }
  }
  if (catalog.has(name('Collection'))) {
    catalog.delete(name('Collection'));
    removed.add('EmbeddedFiles');
  }
  // Only meaningful with XFA: asks the reader to build the pages from the XFA form.
  catalog.delete(name('NeedsRendering'));

  const lookup = (value: PDFObject | undefined) => (value instanceof PDFRef ? context.lookup(value) : value);
  const visited = new Set<PDFObject>();
  const pending: PDFObject[] = [catalog];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object === undefined || visited.has(object)) continue;
    visited.add(object);
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      for (const [key, kind] of ACTIVE_KEYS) {
        if (dict.has(name(key))) {
          dict.delete(name(key));
          removed.add(kind);
        }
      }
      for (const [key, value] of dict.entries()) {
        const kind = activeKind(lookup(value));
        if (kind) {
          dict.delete(key);
          removed.add(kind);
        } else {
          pending.push(lookup(value) as PDFObject);
        }
      }
    } else if (object instanceof PDFArray) {
      for (let index = object.size() - 1; index >= 0; index--) {
        const value = lookup(object.get(index));
        const kind = activeKind(value);
        if (kind) {
          object.remove(index);
          removed.add(kind);
        } else if (value !== undefined) {
          pending.push(value);
        }
      }
    }
  }
  dropUnreachableObjects(doc);
  return [...removed].sort();
}

/** What makes a value active: an action of an active type, or an annotation that carries files or media. */
function activeKind(value: PDFObject | undefined): string | undefined {
  if (!(value instanceof PDFDict)) return undefined;
  const type = value.lookup(name('Type'));
  const subtype = value.lookup(name('Subtype'));
  if ((type === undefined || type === name('Annot')) && subtype instanceof PDFName) {
    const annotation = subtype.decodeText();
    if (ACTIVE_ANNOTATIONS.has(annotation)) return annotation;
  }
  const action = value.lookup(name('S'));
  if ((type === undefined || type === name('Action')) && action instanceof PDFName) {
    const kind = action.decodeText();
    if (ACTIVE_ACTIONS.has(kind)) return kind === 'RichMediaExecute' ? 'RichMedia' : kind;
  }
  return undefined;
}

/**
 * Deletes every indirect object the trailer (catalog and document information) does not reach, so what
 * was unlinked, or was never linked, is not written out.
 */
export function dropUnreachableObjects(doc: PDFDocument): void {
  const { context } = doc;
  const reachable = new Set<string>();
  const visited = new Set<PDFObject>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object === undefined || visited.has(object)) continue;
    visited.add(object);
    if (object instanceof PDFRef) {
      reachable.add(object.tag);
      pending.push(context.lookup(object));
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) pending.push(value);
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref.tag)) context.delete(ref);
  }
}
