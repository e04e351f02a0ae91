import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import LockIcon from '@mui/icons-material/Lock';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { documentTypeLabel, formatDueStatus } from '@portal/domain';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { AlertBadge, formatAlertLevel } from '../../../components/alert-badge';
import { AF_WITHOUT_OAC_LABEL } from '../../../components/patient/af-without-oac-badge';
import type { DocumentResource } from '../document-resource';
import { ARROW_KEYS_MOVE_SELECTION } from '../hooks/use-inbox-keyboard';
import { describeInboxSort, type InboxSort, type InboxSortColumn, nextInboxSort } from '../inbox-filters';
import { countDaysWaiting, formatDaysWaiting, formatInboxDate } from '../inbox-format';
import type { InboxListEntry } from '../selection';
import { StatusChip } from './status-chip';
import { visuallyHidden } from './visually-hidden';

/** The list's row height: dense, two lines, so 15 rows show at 1440×900 and 8 at 1280×720. */
export const DOCUMENT_ROW_HEIGHT_PX = 44;
const CHECK_COLUMN_PX = 32;

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
    } else if (event.key === 'Enter' && target.dataset.row !== undefined) {
      event.preventDefault();
      onOpen(id);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box
        role="group"
        aria-label="Sort documents"
        sx={{
          display: 'flex',
          alignItems: 'center',
          height: 28,
          flex: 'none',
          pr: 1,
          pl: checked ? 0 : 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'grey.50',
        }}
      >
        {checked && (
          <Box sx={{ width: CHECK_COLUMN_PX, display: 'flex', justifyContent: 'center', flex: 'none' }}>
            {checkAll && (
              <Checkbox
                size="small"
                checked={checkAll.checked}
                disabled={checkAll.disabled}
                onChange={checkAll.onToggle}
                sx={{ p: 0.5 }}
                slotProps={{ input: { 'aria-label': checkAll.checked ? 'Uncheck all' : 'Check all' } }}
              />
            )}
          </Box>
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
                endIcon={state ? <Arrow sx={{ fontSize: '14px !important' }} /> : undefined}
                sx={{
                  minWidth: 0,
                  px: 0.75,
                  py: 0,
                  fontSize: 12,
                  color: state ? 'primary.main' : 'text.secondary',
                  ml: index === 2 ? 'auto' : 0,
                  '& .MuiButton-endIcon': { ml: 0.25 },
                }}
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
      </Box>
      <Box
        ref={scrollRef}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        data-testid="document-list-scroll"
      >
        <Box
          component="ul"
          ref={listRef}
          aria-label="Documents"
          {...{ [ARROW_KEYS_MOVE_SELECTION]: '' }}
          onKeyDown={onListKeyDown}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {entries.map((entry) =>
            entry.kind === 'patient' ? (
              <Box
                component="li"
                key={`patient-${entry.key}`}
                data-patient-group={entry.key}
                sx={{
                  px: 1.5,
                  py: 0.25,
                  fontSize: 12,
                  fontWeight: 700,
                  color: 'text.secondary',
                  bgcolor: 'grey.100',
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                {entry.name}
                <Box component="span" sx={{ fontWeight: 400 }}>
                  {' '}
                  · {entry.count} {entry.count === 1 ? 'document' : 'documents'}
                </Box>
              </Box>
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
        </Box>
        <Box ref={sentinelRef} sx={{ minHeight: 8 }} />
        {isFetchingNextPage && <LinearProgress aria-label="Loading more documents" />}
        {hasNextPage && !isFetchingNextPage && (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            <Button size="small" onClick={onLoadMore}>
              Load more
            </Button>
          </Box>
        )}
      </Box>
    </Box>
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
  return (
    <Box
      component="li"
      data-document-id={document.id}
      data-status={doc.status}
      data-locked={doc.locked ? 'true' : undefined}
      data-pinned={doc.isPinned ? 'true' : undefined}
      data-alert={doc.alert ?? undefined}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'stretch',
        minHeight: DOCUMENT_ROW_HEIGHT_PX,
        boxSizing: 'border-box',
        borderBottom: 1,
        borderColor: 'divider',
        // A high alert stands out: a red edge and a red wash no other row has.
        borderLeft: 4,
        borderLeftColor: high ? 'error.main' : selected ? 'primary.main' : 'transparent',
        bgcolor: selected
          ? alpha(theme.palette.primary.main, 0.12)
          : high
            ? alpha(theme.palette.error.main, 0.07)
            : 'background.paper',
      })}
    >
      {checked && (
        <Box
          sx={{
            width: CHECK_COLUMN_PX - 4,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flex: 'none',
          }}
        >
          {checkable && (
            <Checkbox
              size="small"
              checked={checked.has(document.id)}
              onChange={() => onToggleCheck(document.id)}
              sx={{ p: 0.5 }}
              slotProps={{ input: { tabIndex: -1, 'aria-label': `Check ${name}, ${typeLabel}` } }}
            />
          )}
        </Box>
      )}
      <ButtonBase
        data-row=""
        tabIndex={tabStop ? 0 : -1}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(document.id)}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          gridTemplateAreas: '"name dos" "meta waiting"',
          columnGap: 1,
          alignItems: 'center',
          justifyItems: 'start',
          textAlign: 'left',
          py: '2px',
          pl: checked ? 0.5 : 1,
          pr: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible, &:focus-visible': {
            outline: 2,
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        <Box
          component="span"
          sx={{
            gridArea: 'name',
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            minWidth: 0,
            maxWidth: '100%',
          }}
        >
          <Box
            component="span"
            sx={{
              fontSize: 14,
              lineHeight: '20px',
              fontWeight: 600,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {name}
          </Box>
          {doc.isPinned && <PushPinIcon sx={{ fontSize: 14, color: 'primary.main' }} titleAccess="Pinned" />}
          {doc.locked && <LockIcon sx={{ fontSize: 14, color: 'text.secondary' }} titleAccess="Locked" />}
          {doc.patientIsAfWithoutOac && (
            // Issue 13 §6: the flag beside the patient's documents, so an AF alert of an unanticoagulated
            // patient is seen in the list, not only once opened.
            <Box
              component="span"
              data-af-without-oac=""
              sx={{
                flex: 'none',
                px: 0.5,
                border: 1,
                borderColor: 'error.main',
                borderRadius: 0.5,
                color: 'error.main',
                fontSize: 11,
                fontWeight: 700,
                lineHeight: '14px',
                whiteSpace: 'nowrap',
              }}
            >
              {AF_WITHOUT_OAC_LABEL}
            </Box>
          )}
        </Box>
        <Box
          component="span"
          sx={{
            gridArea: 'meta',
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            minWidth: 0,
            maxWidth: '100%',
          }}
        >
          {doc.alert && (
            <>
              <AlertBadge level={doc.alert} />
              <span style={visuallyHidden}>{` ${formatAlertLevel(doc.alert)},`}</span>
            </>
          )}
          {(showStatus || inProgress) && <StatusChip status={doc.status} dense />}
          <Box
            component="span"
            sx={{
              fontSize: 12,
              lineHeight: '18px',
              color: 'text.secondary',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {typeLabel}
            {assignee && ` · ${assignee}`}
          </Box>
        </Box>
        <Box
          component="span"
          sx={{
            gridArea: 'dos',
            fontSize: 13,
            lineHeight: '20px',
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          <span style={visuallyHidden}>date of service </span>
          {formatInboxDate(doc.dos)}
        </Box>
        <Box
          component="span"
          title={
            doc.createdAt
              ? `Received ${formatInboxDate(doc.createdAt)}${due ? `, review ${due.text}` : ''}`
              : undefined
          }
          data-overdue={due?.overdue ? 'true' : undefined}
          sx={{
            gridArea: 'waiting',
            justifySelf: 'end',
            fontSize: 12,
            lineHeight: '18px',
            color: due?.overdue ? 'error.main' : 'text.secondary',
            fontWeight: due?.overdue ? 600 : undefined,
            whiteSpace: 'nowrap',
          }}
        >
          <span aria-hidden="true">{waiting.short}</span>
          <span style={visuallyHidden}>
            {waiting.long}
            {due?.overdue ? `, review ${due.text}` : ''}
          </span>
        </Box>
      </ButtonBase>
    </Box>
  );
}
