import { useCallback, useEffect, useState } from 'react';
import type { DocumentResource } from '../document-resource';
import { extendBulkChecks, listCheckAllIds, listSameRpmVisitIds, toggleCheck } from '../selection';

type InboxChecksOptions = {
  /** The documents the list shows, in its order. */
  documents: readonly DocumentResource[];
  /** Whether the list shows checks at all (bulk signing or the multi-select menu, outside Done). */
  canCheck: boolean;
  isCheckable: (document: DocumentResource) => boolean;
  /** SPEC §4 rpmSelectByDos: an RPM document's check takes the same patient's RPM documents of that day along. */
  rpmSelectByDos: boolean;
};

/**
 * The list's checks (SPEC §4): the first document is checked once the first page loads; 'Check all' turns
 * on bulk mode, in which later pages join the checks and single checks cannot be toggled.
 */
export function useInboxChecks({ documents, canCheck, isCheckable, rpmSelectByDos }: InboxChecksOptions) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [bulkMode, setBulkMode] = useState(false);

  const linkedChecks = useCallback(
    (id: string) => (rpmSelectByDos ? listSameRpmVisitIds(documents, id, isCheckable) : []),
    [rpmSelectByDos, documents, isCheckable],
  );
  // SPEC §4: after the first page loads, the first document is selected and checked.
  const firstId = documents[0]?.id;
  const firstCheckable = documents[0] ? isCheckable(documents[0]) : false;
  useEffect(() => {
    if (canCheck && firstId && firstCheckable)
      setChecked((current) =>
        current.size ? current : toggleCheck(current, false, firstId, linkedChecks(firstId)),
      );
  }, [canCheck, firstId, firstCheckable, linkedChecks]);
  // In bulk mode, unsigned documents of later pages join the checks.
  useEffect(
    () => setChecked((current) => extendBulkChecks(current, bulkMode, documents)),
    [bulkMode, documents],
  );

  const toggle = (id: string) =>
    setChecked((current) => toggleCheck(current, bulkMode, id, linkedChecks(id)));
  const toggleAll = () => {
    if (bulkMode) {
      setBulkMode(false);
      setChecked(new Set());
    } else {
      setBulkMode(true);
      setChecked(new Set(listCheckAllIds(documents)));
    }
  };
  /** After a run or a reassignment the checks were for. */
  const clear = () => {
    setChecked(new Set());
    setBulkMode(false);
  };
  /** The checked documents the list still shows, in its order. */
  const checkedIds = documents
    .filter((document) => checked.has(document.id) && isCheckable(document))
    .map((document) => document.id);

  return { checked, checkedIds, bulkMode, toggle, toggleAll, clear };
}
