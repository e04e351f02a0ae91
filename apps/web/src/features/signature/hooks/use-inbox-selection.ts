import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentResource } from '../document-resource';
import { moveSelection, resolveSelectedId } from '../selection';

type InboxSelectionOptions = {
  /** Every loaded document, listed or not (a document signed in To do leaves the list, not the cache). */
  loaded: readonly DocumentResource[];
  /** The documents the list shows, in its order. */
  documents: readonly DocumentResource[];
  /** The document to open first (a notification's link), if any. */
  initialId: string | undefined;
};

/**
 * The open document: the chosen one while it is loaded (listed or just signed), else the first listed.
 * j/k move from where it was in the list even once it has left it (signed in To do).
 */
export function useInboxSelection({ loaded, documents, initialId }: InboxSelectionOptions) {
  const [chosenId, setChosenId] = useState<string | undefined>(initialId);
  const lastSelected = useRef<DocumentResource | undefined>(undefined);
  const chosen =
    loaded.find((document) => document.id === chosenId) ??
    (chosenId && lastSelected.current?.id === chosenId ? lastSelected.current : undefined);
  const selectedId = chosen ? chosen.id : resolveSelectedId(documents, undefined);
  const selected = chosen ?? documents.find((document) => document.id === selectedId);
  const selectedIndex = documents.findIndex((document) => document.id === selectedId);
  // Where the open document was in the list: j/k move from there once it has left (signed in To do).
  const anchorIndex = useRef<number | undefined>(undefined);
  if (selectedIndex !== -1) anchorIndex.current = selectedIndex;
  useEffect(() => {
    lastSelected.current = selected;
  }, [selected]);

  const select = useCallback((id: string | undefined) => setChosenId(id), []);
  /** Opens the document `step` places away in the list (j/k, arrows). */
  const move = (step: number) => select(moveSelection(documents, selectedId, step, anchorIndex.current));
  /** Opens `nextId` after `finishedId` was signed, unless the reader has already moved elsewhere. */
  const advance = (finishedId: string, nextId: string) =>
    setChosenId((current) => (current === finishedId || current === undefined ? nextId : current));
  /** Leaves the selected document for the list's first (after it was trashed or hidden away). */
  const release = () => setChosenId(undefined);

  return { selected, selectedId, select, move, advance, release };
}
