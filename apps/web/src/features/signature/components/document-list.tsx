import { documentTypeLabel, formatDueStatus } from '@portal/domain';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef } from 'react';
import { AlertBadge, formatAlertLevel } from '../../../components/alert-badge';
import { AF_WITHOUT_OAC_LABEL } from '../../../components/patient/af-without-oac-badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ArrowDownwardIcon, ArrowUpwardIcon, LockIcon, PushPinIcon } from '../../../components/ui/icons';
import { LinearProgress } from '../../../components/ui/linear-progress';
import { Tooltip } from '../../../components/ui/tooltip';
import type { DocumentResource } from '../document-resource';
import { ARROW_KEYS_MOVE_SELECTION } from '../hooks/use-inbox-keyboard';
import { describeInboxSort, type InboxSort, type InboxSortColumn, nextInboxSort } from '../inbox-filters';
import { countDaysWaiting, formatDaysWaiting, formatInboxDate } from '../inbox-format';
import type { InboxListEntry } from '../selection';
import { StatusChip } from './status-chip';
import { visuallyHidden } from './visually-hidden';
import '../../../components/ui/button-base.css';
import './document-list.css';

/** The list's row height: dense, two lines, so 15 rows show at 1440×900 and 8 at 1280×720. */
export const DOCUMENT_ROW_HEIGHT_PX = 44;
// The rows' CSS (document-list.css) reads the height from here, so the two cannot drift apart.
const ROW_HEIGHT_STYLE = { '--document-row-height': `${DOCUMENT_ROW_HEIGHT_PX}px` } as CSSProperties;

const SORT_HEADERS: {
  column: InboxSortColumn;
  label: string;
  title: string;
  first: string;
  reversed: string;
}[] = [
  { column: 'patient', label: 'Patient', title: 'Sort by patient', first: 'A to Z', reversed: 'Z to A' },
  {
    column: 'alert',
    label: 'Alert',
    title: 'Sort by alert level',
    first: 'most urgent first',
    reversed: 'least urgent first',
  },
  {
    column: 'dos',
    label: 'DOS',
    title: 'Sort by date of service',
    first: 'newest first',
    reversed: 'oldest first',
  },
  {
    column: 'received',
    label: 'Received',
    title: 'Sort by days waiting',
    first: 'waiting longest first',
    reversed: 'newest first',
  },
];

type DocumentListProps = {
  entries: readonly InboxListEntry[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** Enter on a row: open it (on a narrow screen, show the document). */
  onOpen: (id: string) => void;
  /** undefined: no checkboxes (the user cannot bulk sign or reassign, or the view has nothing to sign) */
  checked: ReadonlySet<string> | undefined;
  isCheckable: (document: DocumentResource) => boolean;
  onToggleCheck: (id: string) => void;
  /** 'Check all' (SPEC §4) as the header's checkbox */
  checkAll?: { checked: boolean; onToggle: () => void; disabled: boolean } | undefined;
  /** the view implies the status (To do: unsigned): the row leaves it out */
  showStatus: boolean;
  /** the assignee, where the filter is not 'Me' */
  showAssignee: boolean;
  nameOf: (userId: string) => string;
  sort: InboxSort;
  onSort: (sort: InboxSort) => void;
  now: Date;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

/**
 * The inbox list: one tab stop (the open document's row; arrows, j/k, Home and End move), sortable by its
 * headers, dense rows that say who, what, when and how urgent. Scrolling near its end loads the next page.
 */
export function DocumentList({
  entries,
  selectedId,
  onSelect,
  onOpen,
  checked,
  isCheckable,
  onToggleCheck,
  checkAll,
  showStatus,
  showAssignee,
  nameOf,
  sort,
  onSort,
  now,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: DocumentListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The sort a header click starts from: the one last asked for, not the one last rendered, so two quick
  // clicks advance the cycle twice even before the address (and this list) has caught up with the first.
  const requestedSort = useRef(sort);
  useEffect(() => {
    requestedSort.current = sort;
  }, [sort]);
  const cycleSort = (column: InboxSortColumn) => {
    requestedSort.current = nextInboxSort(requestedSort.current, column);
    onSort(requestedSort.current);
  };
  const listRef = useRef<HTMLUListElement>(null);
  const documentIds = entries.flatMap((entry) => (entry.kind === 'document' ? [entry.document.id] : []));
  // The roving tab stop: the open document's row, else the first.
  const tabStopId = selectedId && documentIds.includes(selectedId) ? selectedId : documentIds[0];

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (items) => {
        if (items.some((item) => item.isIntersecting) && !isFetchingNextPage) onLoadMore();
      },
      { root: scrollRef.current, rootMargin: '200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, onLoadMore]);

  // The open document stays in view, and keeps the focus when the focus was in the list.
  useEffect(() => {
    if (!selectedId) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-document-id="${selectedId}"] [data-row]`);
    if (!row) return;
    row.scrollIntoView({ block: 'nearest' });
    if (listRef.current?.contains(document.activeElement) && document.activeElement !== row) row.focus();
  }, [selectedId]);

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const id = target.closest<HTMLElement>('[data-document-id]')?.dataset.documentId;
    if (!id) return;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const to = event.key === 'Home' ? documentIds[0] : documentIds.at(-1);
      if (to) onSelect(to);
    } else if (event.key === ' ' && target.dataset.row !== undefined && checked) {
      const document = entries.find(
        (entry): entry is Extract<InboxListEntry, { kind: 'document' }> =>
          entry.kind === 'document' && entry.document.id === id,
      )?.document;
      event.preventDefault();
      if (document && isCheckable(document)) onToggleCheck(id);
    } else if (
      event.key === 'Enter' &&
      target.dataset.row !== undefined &&
      // Ctrl+Enter, Ctrl+Shift+Enter …: the page's shortcuts, which act on the open document.
      !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
    ) {
      event.preventDefault();
      onOpen(id);
    }
  };

  return (
    <div className="document-list" style={ROW_HEIGHT_STYLE}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border, padding and min-width of its own and wants a legend */}
      <div
        role="group"
        aria-label="Sort documents"
        className={['document-list__header', checked && 'document-list__header--checkable']
          .filter(Boolean)
          .join(' ')}
      >
        {checked && (
          <div className="document-list__header-check">
            {checkAll && (
              <Checkbox
                size="small"
                className="document-list__checkbox"
                checked={checkAll.checked}
                disabled={checkAll.disabled}
                onChange={checkAll.onToggle}
                aria-label={checkAll.checked ? 'Uncheck all' : 'Check all'}
              />
            )}
          </div>
        )}
        {SORT_HEADERS.map((header, index) => {
          const state = describeInboxSort(sort, header.column);
          const Arrow = state === 'reversed' ? ArrowUpwardIcon : ArrowDownwardIcon;
          return (
            <Tooltip key={header.column} title={header.title} describeChild>
              <Button
                size="small"
                onClick={() => cycleSort(header.column)}
                data-sort-column={header.column}
                data-sort-state={state ?? 'none'}
                endIcon={state ? <Arrow className="document-list__sort-arrow" /> : undefined}
                className={[
                  'document-list__sort',
                  state && 'document-list__sort--active',
                  // The dates sit at the row's right end: their headers too.
                  index === 2 && 'document-list__sort--end',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                {header.label}
                {state && (
                  <span style={visuallyHidden}>
                    , sorted {state === 'first' ? header.first : header.reversed}
                  </span>
                )}
              </Button>
            </Tooltip>
          );
        })}
      </div>
      <div ref={scrollRef} className="document-list__scroll" data-testid="document-list-scroll">
        <ul
          ref={listRef}
          aria-label="Documents"
          {...{ [ARROW_KEYS_MOVE_SELECTION]: '' }}
          onKeyDown={onListKeyDown}
          className="document-list__list"
        >
          {entries.map((entry) =>
            entry.kind === 'patient' ? (
              <li
                key={`patient-${entry.key}`}
                data-patient-group={entry.key}
                className="document-list__patient"
              >
                {entry.name}
                <span className="document-list__patient-count">
                  {' '}
                  · {entry.count} {entry.count === 1 ? 'document' : 'documents'}
                </span>
              </li>
            ) : (
              <DocumentRow
                key={entry.document.id}
                document={entry.document}
                selected={entry.document.id === selectedId}
                tabStop={entry.document.id === tabStopId}
                onSelect={onSelect}
                checked={checked}
                checkable={isCheckable(entry.document)}
                onToggleCheck={onToggleCheck}
                showStatus={showStatus}
                showAssignee={showAssignee}
                nameOf={nameOf}
                now={now}
              />
            ),
          )}
        </ul>
        <div ref={sentinelRef} className="document-list__sentinel" />
        {isFetchingNextPage && <LinearProgress aria-label="Loading more documents" />}
        {hasNextPage && !isFetchingNextPage && (
          <div className="document-list__more">
            <Button size="small" onClick={onLoadMore}>
              Load more
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

type DocumentRowProps = {
  document: DocumentResource;
  selected: boolean;
  tabStop: boolean;
  onSelect: (id: string) => void;
  checked: ReadonlySet<string> | undefined;
  checkable: boolean;
  onToggleCheck: (id: string) => void;
  showStatus: boolean;
  showAssignee: boolean;
  nameOf: (userId: string) => string;
  now: Date;
};

function DocumentRow({
  document,
  selected,
  tabStop,
  onSelect,
  checked,
  checkable,
  onToggleCheck,
  showStatus,
  showAssignee,
  nameOf,
  now,
}: DocumentRowProps) {
  const doc = document.attributes;
  const name = `${doc.patientLastName}, ${doc.patientFirstName}`;
  const typeLabel = documentTypeLabel(doc.type);
  const waiting = formatDaysWaiting(countDaysWaiting(doc.createdAt, now));
  // Issue 17: a document past its review time says so where its waiting time shows.
  const due = doc.status === 'unsigned' && doc.dueAt ? formatDueStatus(new Date(doc.dueAt), now) : null;
  const high = doc.alert === 'high';
  const inProgress = doc.status === 'signing' || doc.status === 'acknowledging';
  const assignee = showAssignee ? (doc.assignedTo ? nameOf(doc.assignedTo) : 'Unassigned') : undefined;
  const itemClasses = [
    'document-list__item',
    // A high alert stands out: a red edge and a red wash no other row has.
    high && 'document-list__item--high',
    selected && 'document-list__item--selected',
  ];
  return (
    <li
      data-document-id={document.id}
      data-status={doc.status}
      data-type={doc.type}
      data-locked={doc.locked ? 'true' : undefined}
      data-pinned={doc.isPinned ? 'true' : undefined}
      data-alert={doc.alert ?? undefined}
      className={itemClasses.filter(Boolean).join(' ')}
    >
      {checked && (
        <div className="document-list__item-check">
          {checkable && (
            <Checkbox
              size="small"
              className="document-list__checkbox"
              checked={checked.has(document.id)}
              onChange={() => onToggleCheck(document.id)}
              tabIndex={-1}
              aria-label={`Check ${name}, ${typeLabel}`}
            />
          )}
        </div>
      )}
      <button
        type="button"
        data-row=""
        tabIndex={tabStop ? 0 : -1}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(document.id)}
        className={['ui-button-base', 'document-list__row', checked && 'document-list__row--checkable']
          .filter(Boolean)
          .join(' ')}
      >
        <span className="document-list__name">
          <span className="document-list__patient-name">{name}</span>
          {doc.isPinned && (
            <PushPinIcon color="primary" className="document-list__flag-icon" titleAccess="Pinned" />
          )}
          {doc.locked && (
            <LockIcon
              className="document-list__flag-icon document-list__flag-icon--secondary"
              titleAccess="Locked"
            />
          )}
          {doc.patientIsAfWithoutOac && (
            // Issue 13 §6: the flag beside the patient's documents, so an AF alert of an unanticoagulated
            // patient is seen in the list, not only once opened.
            <span data-af-without-oac="" className="document-list__af">
              {AF_WITHOUT_OAC_LABEL}
            </span>
          )}
        </span>
        <span className="document-list__meta">
          {doc.alert && (
            <>
              <AlertBadge level={doc.alert} />
              <span style={visuallyHidden}>{` ${formatAlertLevel(doc.alert)},`}</span>
            </>
          )}
          {(showStatus || inProgress) && <StatusChip status={doc.status} dense />}
          <span className="document-list__type">
            {typeLabel}
            {assignee && ` · ${assignee}`}
          </span>
        </span>
        <span className="document-list__dos">
          <span style={visuallyHidden}>date of service </span>
          {formatInboxDate(doc.dos)}
        </span>
        <span
          title={
            doc.createdAt
              ? `Received ${formatInboxDate(doc.createdAt)}${due ? `, review ${due.text}` : ''}`
              : undefined
          }
          data-overdue={due?.overdue ? 'true' : undefined}
          className={['document-list__waiting', due?.overdue && 'document-list__waiting--overdue']
            .filter(Boolean)
            .join(' ')}
        >
          <span aria-hidden="true">{waiting.short}</span>
          <span style={visuallyHidden}>
            {waiting.long}
            {due?.overdue ? `, review ${due.text}` : ''}
          </span>
        </span>
      </button>
    </li>
  );
}
