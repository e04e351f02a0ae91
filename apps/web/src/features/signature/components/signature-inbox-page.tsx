import BlockIcon from '@mui/icons-material/Block';
import InboxIcon from '@mui/icons-material/Inbox';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  buildReportPdfFilename,
  describeBulkSigning,
  formatUserDisplayName,
  HEADER_HEIGHT_PX,
  MY_TO_DO_FILTER,
  TOOLBAR_HEIGHT_PX,
} from '@portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { isApiError } from '../../../lib/api-client';
import { parseBooleanPreference, useLocalPreference } from '../../../lib/local-preference';
import { REALTIME_EVENTS } from '../../../lib/realtime/realtime-context';
import { useRealtimeInvalidation } from '../../../lib/realtime/use-realtime-invalidation';
import { useSession } from '../../../lib/session/session-context';
import { useAcknowledgeDocument } from '../api/acknowledge-document';
import { useClinicProviders } from '../api/get-clinic-providers';
import { useClinicUsers } from '../api/get-clinic-users';
import { useDocumentPdf } from '../api/get-document-pdf';
import { documentsQueryKey, useDocumentList } from '../api/get-documents';
import { useUserSignatureSettings } from '../api/get-signature-settings';
import { useSetDocumentHidden, useTrashDocuments } from '../api/hide-trash-documents';
import { useReassignDocuments } from '../api/reassign-documents';
import { useSetDocumentLock } from '../api/set-document-lock';
import { useSetDocumentPin } from '../api/set-document-pin';
import { useSignDocument } from '../api/sign-document';
import { useUnsignDocument } from '../api/unsign-document';
import { type BulkSigningPlan, planBulkSigning } from '../bulk-signing-plan';
import type { DocumentResource } from '../document-resource';
import { useInboxKeyboard } from '../hooks/use-inbox-keyboard';
import { SIGN_ALL_MAX_DOCUMENTS, useSignAllCandidates } from '../hooks/use-sign-all-plan';
import { type SigningRunKind, useSigningRun } from '../hooks/use-signing-run';
import {
  countChangedFilters,
  getInboxSelectionKey,
  type InboxFilterDefaults,
  type InboxFilters,
  isGroupedByPatient,
  parseInboxFilters,
  toInboxSearchParams,
  updateInboxFilters,
} from '../inbox-filters';
import { createPersonNamer } from '../inbox-format';
import { listNotePrompts } from '../note-prompts';
import {
  extendBulkChecks,
  findNextToOpen,
  isBulkSignable,
  isListedInView,
  listCheckAllIds,
  listInboxEntries,
  listSameRpmVisitIds,
  moveSelection,
  resolveSelectedId,
  toggleCheck,
} from '../selection';
import { BulkSignDialog } from './bulk-sign-dialog';
import { DocumentList } from './document-list';
import { DocumentPanel, type DocumentPanelActions, type DocumentPanelComments } from './document-panel';
import { INBOX_SEARCH_ID, InboxFilterBar } from './inbox-filter-bar';
import type { PdfViewerHandle } from './pdf-viewer';
import { ReassignDialog } from './reassign-dialog';
import { ShortcutSheet } from './shortcut-sheet';
import { SigningProgress } from './signing-progress';
import { TrashDialog } from './trash-dialog';

export const NO_DOCUMENTS_ACCESS_HEADING = 'Your role does not show documents';
/** The address fragment the Help menu links to: it opens the shortcut sheet. */
export const KEYBOARD_SHORTCUTS_HASH = '#keyboard-shortcuts';
/** Below this width the inbox shows one region at a time. */
const NARROW_QUERY = '(max-width: 899.95px)';
const AUTO_ADVANCE_KEY = 'inbox.autoAdvance';
const DETAILS_OPEN_KEY = 'inbox.detailsOpen';
/** A provider's inbox opens on their own to-do list: what their reminders count and link to. */
const PROVIDER_DEFAULTS: InboxFilterDefaults = {
  clinicNpi: MY_TO_DO_FILTER.clinicNpi,
  assignedTo: MY_TO_DO_FILTER.assignedTo,
};

function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The signature inbox (SPEC §2, §4): a full-height workspace under the header: the filters, then the
 * list, the report and its details side by side, each scrolling on its own (one at a time on a narrow
 * screen). The filter lives in the address; a filter change starts afresh.
 */
export function SignatureInboxPage() {
  const { currentClinic, can } = useSession();
  // Another user's change to the clinic's documents refreshes the open inbox (realtime push).
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.documentsChanged, [...documentsQueryKey, 'list']);
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.resync, [...documentsQueryKey, 'list']);
  const [params, setParams] = useSearchParams();
  const defaults = can('document:sign') ? PROVIDER_DEFAULTS : undefined;
  const filters = useMemo(
    () => parseInboxFilters(params, currentClinic?.npi, defaults),
    [params, currentClinic?.npi, defaults],
  );
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const changeFilters = useCallback(
    (change: Partial<InboxFilters>) => setParams(toInboxSearchParams(updateInboxFilters(filters, change))),
    [filters, setParams],
  );
  // A narrow screen shows one region at a time: the list, or the open document (a notification's link
  // opens on its document). A new filter starts on the list again.
  const selectionKey = getInboxSelectionKey(filters);
  const firstRegion = filters.idIn ? 'document' : 'list';
  const [regionState, setRegionState] = useState<{ key: string; region: NarrowRegion }>({
    key: selectionKey,
    region: firstRegion,
  });
  const narrowRegion = regionState.key === selectionKey ? regionState.region : firstRegion;
  const setNarrowRegion = useCallback(
    (region: NarrowRegion) => setRegionState({ key: selectionKey, region }),
    [selectionKey],
  );
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const closeShortcuts = () => {
    setShortcutsOpen(false);
    if (location.hash === KEYBOARD_SHORTCUTS_HASH)
      void navigate({ search: location.search, hash: '' }, { replace: true });
  };
  const focusSearch = useCallback(() => {
    if (narrow) setFiltersOpen(true);
    else (searchRef.current ?? document.getElementById(INBOX_SEARCH_ID))?.focus();
  }, [narrow]);

  return (
    <Box
      sx={{
        // The whole area under the header and the page toolbar: the page itself never scrolls.
        m: { xs: -2, md: -3 },
        height: `calc(100dvh - ${HEADER_HEIGHT_PX + TOOLBAR_HEIGHT_PX}px)`,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      {(!narrow || narrowRegion === 'list') && (
        <InboxFilterBar
          filters={filters}
          currentClinicNpi={currentClinic?.npi}
          currentClinicName={currentClinic?.name}
          onChange={changeFilters}
          narrow={narrow}
          changedCount={countChangedFilters(filters, currentClinic?.npi, defaults)}
          onShowShortcuts={showShortcuts}
          dialogOpen={filtersOpen}
          onDialogOpenChange={setFiltersOpen}
          searchRef={searchRef}
        />
      )}
      <InboxContent
        key={selectionKey}
        filters={filters}
        narrow={narrow}
        narrowRegion={narrowRegion}
        onNarrowRegionChange={setNarrowRegion}
        onChangeFilters={changeFilters}
        onShowShortcuts={showShortcuts}
        onFocusSearch={focusSearch}
      />
      <InboxPreferences
        open={shortcutsOpen || location.hash === KEYBOARD_SHORTCUTS_HASH}
        onClose={closeShortcuts}
      />
    </Box>
  );
}

function useAutoAdvance() {
  return useLocalPreference(AUTO_ADVANCE_KEY, true, parseBooleanPreference);
}

function InboxPreferences({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [autoAdvance, setAutoAdvance] = useAutoAdvance();
  return (
    <ShortcutSheet
      open={open}
      onClose={onClose}
      autoAdvance={autoAdvance}
      onAutoAdvanceChange={setAutoAdvance}
    />
  );
}

type NarrowRegion = 'list' | 'document';

type InboxContentProps = {
  filters: InboxFilters;
  narrow: boolean;
  narrowRegion: NarrowRegion;
  onNarrowRegionChange: (region: NarrowRegion) => void;
  onChangeFilters: (change: Partial<InboxFilters>) => void;
  onShowShortcuts: () => void;
  onFocusSearch: () => void;
};

function InboxContent({
  filters,
  narrow,
  narrowRegion,
  onNarrowRegionChange: setNarrowRegion,
  onChangeFilters,
  onShowShortcuts,
  onFocusSearch,
}: InboxContentProps) {
  const { can, canUseMultiSelectMenu, user, displayName, currentClinic, clinicConfiguration } = useSession();
  const signatureSettings = useUserSignatureSettings(currentClinic?.npi, user.id);
  const settings = signatureSettings.settings;
  const canReadUsers = can('user:read');
  const providers = useClinicProviders(currentClinic?.npi, canReadUsers);
  const clinicUsers = useClinicUsers(currentClinic?.npi, canReadUsers);
  const [autoAdvance] = useAutoAdvance();
  const [detailsOpen, setDetailsOpen] = useLocalPreference(DETAILS_OPEN_KEY, true, parseBooleanPreference);
  const [now] = useState(() => new Date());

  const canSign = can('document:sign');
  const canAcknowledge = can('document:acknowledge');
  const canReassign = can('document:reassign');
  // Bulk signing: the permission (flag-gated: bulkESigning, enableBulkSigning) and the rule the server
  // applies with the signer's signature settings (bulkSignEnabled).
  const configuration = clinicConfiguration.configuration;
  const bulkRule = configuration
    ? describeBulkSigning(configuration, signatureSettings.isLoaded ? settings : undefined)
    : undefined;
  const canBulkSign = can('document:bulk-sign') && Boolean(bulkRule?.allowed);
  // SPEC §6: the multi-select menu (nurses while nurseMultiSelect is on; internal users always) reassigns.
  const canMultiSelect = canUseMultiSelectMenu() && canReassign;
  // Nothing in the Done view can be signed or reassigned (its content is frozen): no checks there.
  const canCheck = (canBulkSign || canMultiSelect) && filters.status !== 'done';
  const configurationOf = useCallback(
    (clinicNpi: string) => (clinicNpi === currentClinic?.npi ? configuration : undefined),
    [currentClinic?.npi, configuration],
  );
  const isCheckable = useCallback(
    (document: DocumentResource) => isBulkSignable(document, configurationOf(document.attributes.clinicNpi)),
    [configurationOf],
  );

  const list = useDocumentList(filters, true);
  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  // A document signed in To do leaves the list at once; the reader's open document stays open.
  const documents = useMemo(
    () => loaded.filter((document) => isListedInView(document, filters.status)),
    [loaded, filters.status],
  );
  const firstPage = list.data?.pages[0];
  const totalCount = firstPage?.metadata.totalCount;

  // The open document: the chosen one while it is loaded (listed or just signed), else the first listed.
  const [chosenId, setChosenId] = useState<string | undefined>(filters.idIn || undefined);
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

  const [narrowTab, setNarrowTab] = useState<'report' | 'details'>('report');
  const select = useCallback((id: string | undefined) => setChosenId(id), []);
  const open = useCallback(
    (id: string) => {
      setChosenId(id);
      if (narrow) setNarrowRegion('document');
    },
    [narrow, setNarrowRegion],
  );
  // On a narrow screen the focus follows the region shown: the document's way back, or its row in the list.
  const regionChanged = useRef(false);
  useEffect(() => {
    if (!regionChanged.current) {
      regionChanged.current = true;
      return;
    }
    const target =
      narrowRegion === 'document'
        ? document.querySelector<HTMLElement>('[data-back-to-list]')
        : document.querySelector<HTMLElement>('[aria-current="true"][data-row]');
    target?.focus();
  }, [narrowRegion]);
  /** Leaves the selected document for the list's first (after it was trashed or hidden away). */
  const releaseSelection = () => setChosenId(undefined);

  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [bulkMode, setBulkMode] = useState(false);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<SigningRunKind | undefined>();
  const [reassigning, setReassigning] = useState<string[] | undefined>();
  const [trashing, setTrashing] = useState(false);

  // SPEC §4 rpmSelectByDos: an RPM document's check takes the same patient's RPM documents of that day along.
  const linkedChecks = useCallback(
    (id: string) => (settings.rpmSelectByDos ? listSameRpmVisitIds(documents, id, isCheckable) : []),
    [settings.rpmSelectByDos, documents, isCheckable],
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

  const sign = useSignDocument();
  const acknowledge = useAcknowledgeDocument();
  const unsign = useUnsignDocument();
  const pin = useSetDocumentPin();
  const lock = useSetDocumentLock();
  const reassign = useReassignDocuments();
  const hide = useSetDocumentHidden();
  const trash = useTrashDocuments();
  const signing = useSigningRun();
  const signAllCandidates = useSignAllCandidates(filters, confirming === 'all');
  const pdf = useDocumentPdf(selected?.id ?? '', selected?.attributes.status ?? 'signing');
  const viewerRef = useRef<PdfViewerHandle>(null);

  const docClinicUsers = useClinicUsers(
    selected && selected.attributes.clinicNpi !== currentClinic?.npi
      ? selected.attributes.clinicNpi
      : undefined,
    canReadUsers,
  );
  const nameOf = useMemo(
    () =>
      createPersonNamer({
        userId: user.id,
        displayName,
        people: [providers.data, clinicUsers.data, docClinicUsers.data],
      }),
    [user.id, displayName, providers.data, clinicUsers.data, docClinicUsers.data],
  );
  const recipients = useMemo(
    () =>
      (providers.data ?? []).map((provider) => ({
        id: provider.id,
        name: formatUserDisplayName(provider.attributes),
      })),
    [providers.data],
  );

  const noteOf = (id: string) => notes[id] ?? '';
  const clearNote = (id: string) => setNotes(({ [id]: _, ...rest }) => rest);

  /**
   * Sign and move on: once signed or acknowledged, the document below it opens (the reader's preference
   * can turn this off), unless the reader has already moved elsewhere.
   */
  const finish = (kind: 'sign' | 'acknowledge', note: string) => {
    if (selected?.attributes.status !== 'unsigned' || selected.attributes.locked) return;
    const { id } = selected;
    const next = findNextToOpen(documents, id);
    const onSuccess = () => {
      clearNote(id);
      if (autoAdvance && next)
        setChosenId((current) => (current === id || current === undefined ? next : current));
    };
    if (kind === 'sign') sign.mutate({ id, note }, { onSuccess });
    else acknowledge.mutate({ id, note }, { onSuccess });
  };
  // The keyboard's quick sign (Ctrl+Enter): an empty note becomes the user's quick-sign note.
  const quickNote = (id: string) => (noteOf(id).trim() ? noteOf(id) : settings.quickSignNote);

  const actions: DocumentPanelActions = {
    canSign,
    canAcknowledge,
    canUnsign: can('document:unsign'),
    canUpdate: can('document:update'),
    onSign: () => selected && finish('sign', noteOf(selected.id)),
    onAcknowledge: () => selected && finish('acknowledge', noteOf(selected.id)),
    onUnsign: () => selected && unsign.mutate({ id: selected.id }),
    onPin: (isPinned) => selected && pin.mutate({ id: selected.id, isPinned }),
    onLock: (locked) => selected && lock.mutate({ id: selected.id, locked }),
    canReassign,
    canHide: can('document:update'),
    canTrash: can('document:trash'),
    onReassign: () => selected && setReassigning([selected.id]),
    onHide: (hidden) =>
      selected &&
      hide.mutate({ id: selected.id, hidden }, { onSuccess: hidden ? releaseSelection : undefined }),
    onTrash: () => setTrashing(true),
  };
  const comments: DocumentPanelComments = {
    userId: user.id,
    canComment: can('document:comment'),
    recipients,
    nameOf,
  };

  const pdfReady = Boolean(pdf.data) && !pdf.isPlaceholderData;
  const download = () => {
    if (!selected || !pdf.data || pdf.isPlaceholderData) return false;
    downloadBlob(pdf.data, buildReportPdfFilename(selected.attributes));
    return true;
  };

  useInboxKeyboard({
    next: () => select(moveSelection(documents, selectedId, 1, anchorIndex.current)),
    previous: () => select(moveSelection(documents, selectedId, -1, anchorIndex.current)),
    sign: () => {
      if (!selected) return false;
      if (canSign) finish('sign', quickNote(selected.id));
      else if (canAcknowledge) finish('acknowledge', quickNote(selected.id));
      else return false;
    },
    acknowledge: () => {
      if (!selected || !canAcknowledge) return false;
      finish('acknowledge', quickNote(selected.id));
    },
    check: () => {
      if (!selected || !canCheck || !isCheckable(selected)) return false;
      setChecked((current) => toggleCheck(current, bulkMode, selected.id, linkedChecks(selected.id)));
    },
    search: onFocusSearch,
    zoomIn: () => viewerRef.current?.zoomIn(),
    zoomOut: () => viewerRef.current?.zoomOut(),
    fitWidth: () => viewerRef.current?.fitWidth(),
    fitPage: () => viewerRef.current?.fitPage(),
    download,
    shortcuts: onShowShortcuts,
    back: () => {
      if (!narrow || narrowRegion !== 'document') return false;
      setNarrowRegion('list');
    },
  });

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const entries = useMemo(
    () => listInboxEntries(documents, isGroupedByPatient(filters)),
    [documents, filters],
  );

  if (list.isError) {
    if (isApiError(list.error) && (list.error.statusCode === 403 || list.error.statusCode === 404)) {
      return (
        <Box sx={{ p: 3 }}>
          <PageMessage icon={<BlockIcon />} heading={NO_DOCUMENTS_ACCESS_HEADING}>
            <Typography color="textSecondary">
              Documents are shown to providers, nurses, clinic administrators and read-only users. Device
              technicians work in the device screens.
            </Typography>
          </PageMessage>
        </Box>
      );
    }
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        {list.error.message}
      </Alert>
    );
  }
  if (list.isPending) return <LinearProgress aria-label="Loading documents" />;

  const progress = (
    <SigningProgress run={signing.run} onCancel={signing.cancel} onDismiss={signing.dismiss} />
  );
  if (documents.length === 0 && !selected) {
    return (
      <Box sx={{ overflowY: 'auto' }}>
        {progress}
        <PageMessage icon={<InboxIcon />} heading="No documents">
          <Typography color="textSecondary">Nothing matches this filter.</Typography>
        </PageMessage>
      </Box>
    );
  }

  const checkedIds = documents
    .filter((document) => checked.has(document.id) && isCheckable(document))
    .map((d) => d.id);
  const { bulkSignNote } = settings;
  const bulkPlan: BulkSigningPlan | undefined =
    confirming === 'bulk'
      ? planBulkSigning(
          documents.filter(
            (document) =>
              checkedIds.includes(document.id) ||
              (document.attributes.status === 'unsigned' && document.attributes.alert === 'high'),
          ),
          configurationOf,
        )
      : undefined;
  const allPlan: BulkSigningPlan | undefined =
    confirming === 'all' && signAllCandidates.data
      ? planBulkSigning(signAllCandidates.data.documents, configurationOf)
      : undefined;
  const startSigning = () => {
    const plan = confirming === 'bulk' ? bulkPlan : allPlan;
    const kind = confirming;
    setConfirming(undefined);
    if (!plan || !kind) return;
    // The checks were for this run (Bulk sign), or are overtaken by it (Sign all).
    setChecked(new Set());
    setBulkMode(false);
    void signing.start(kind, plan.ids, bulkSignNote);
  };
  const signingBusy = Boolean(signing.run?.running);
  const countText =
    totalCount === null || totalCount === undefined
      ? `${documents.length} shown`
      : `${documents.length} of ${totalCount}${firstPage?.metadata.totalCountIsLowerBound ? '+' : ''}`;

  const listRegion = (
    <Box
      component="section"
      aria-label="Document list"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        minWidth: 0,
        borderRight: narrow ? 0 : 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          minHeight: 40,
          '& .MuiButton-root': { px: 0.75, py: 0.25, minWidth: 0, whiteSpace: 'nowrap' },
          borderBottom: 1,
          borderColor: 'divider',
          flex: 'none',
          flexWrap: 'wrap',
        }}
      >
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ mr: 'auto', whiteSpace: 'nowrap' }}
          role="status"
        >
          {countText}
        </Typography>
        {canBulkSign && filters.status !== 'done' && (
          <Button
            size="small"
            variant="contained"
            disabled={checkedIds.length === 0 || signingBusy}
            onClick={() => setConfirming('bulk')}
          >
            Bulk sign ({checkedIds.length})
          </Button>
        )}
        {canReassign && checkedIds.length > 0 && filters.status !== 'done' && (
          <Button size="small" variant="outlined" onClick={() => setReassigning(checkedIds)}>
            Reassign ({checkedIds.length})
          </Button>
        )}
        {canBulkSign && filters.status !== 'done' && (
          <Button size="small" variant="outlined" disabled={signingBusy} onClick={() => setConfirming('all')}>
            Sign all
          </Button>
        )}
      </Box>
      {progress}
      <DocumentList
        entries={entries}
        selectedId={selectedId}
        onSelect={open}
        onOpen={open}
        checked={canCheck ? checked : undefined}
        isCheckable={isCheckable}
        onToggleCheck={(id) => setChecked((current) => toggleCheck(current, bulkMode, id, linkedChecks(id)))}
        checkAll={
          canCheck
            ? {
                checked: bulkMode,
                disabled: signingBusy,
                onToggle: () => {
                  if (bulkMode) {
                    setBulkMode(false);
                    setChecked(new Set());
                  } else {
                    setBulkMode(true);
                    setChecked(new Set(listCheckAllIds(documents)));
                  }
                },
              }
            : undefined
        }
        showStatus={filters.status !== 'todo'}
        showAssignee={filters.assignedTo !== 'me'}
        nameOf={nameOf}
        sort={filters.sort}
        onSort={(sort) => onChangeFilters({ sort })}
        now={now}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        onLoadMore={loadMore}
      />
      {documents.length === 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
          Nothing left in this list.
        </Typography>
      )}
    </Box>
  );

  const documentRegion = selected ? (
    <DocumentPanel
      comments={comments}
      document={selected}
      note={noteOf(selected.id)}
      onNoteChange={(note) => setNotes((current) => ({ ...current, [selected.id]: note }))}
      actions={actions}
      prompts={listNotePrompts(selected.attributes.serviceLine, settings)}
      quickSignNote={settings.quickSignNote}
      nameOf={nameOf}
      pdf={{ data: pdf.data, ready: pdfReady, failed: pdf.isError, onDownload: download }}
      viewerRef={viewerRef}
      narrow={narrow}
      onBack={() => setNarrowRegion('list')}
      narrowRegion={narrowTab}
      onNarrowRegionChange={setNarrowTab}
      detailsOpen={detailsOpen}
      onDetailsOpenChange={setDetailsOpen}
    />
  ) : null;

  return (
    <>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: narrow ? 'minmax(0, 1fr)' : 'clamp(340px, 30vw, 440px) minmax(0, 1fr)',
          gridTemplateRows: 'minmax(0, 1fr)',
          bgcolor: 'background.default',
        }}
      >
        {(!narrow || narrowRegion === 'list' || !selected) && listRegion}
        {(!narrow || narrowRegion === 'document') && documentRegion}
      </Box>
      <BulkSignDialog
        open={Boolean(confirming)}
        kind={confirming ?? 'bulk'}
        plan={confirming === 'bulk' ? bulkPlan : allPlan}
        failed={confirming === 'all' && signAllCandidates.isError}
        cappedAt={confirming === 'all' && signAllCandidates.data?.capped ? SIGN_ALL_MAX_DOCUMENTS : undefined}
        note={bulkSignNote}
        rule={bulkRule?.summary}
        onCancel={() => setConfirming(undefined)}
        onConfirm={startSigning}
      />
      <ReassignDialog
        open={Boolean(reassigning)}
        count={reassigning?.length ?? 0}
        providers={recipients}
        loading={providers.isPending && providers.fetchStatus === 'fetching'}
        pending={reassign.isPending}
        onCancel={() => setReassigning(undefined)}
        onConfirm={({ reassignTo, note }) =>
          reassigning &&
          reassign.mutate(
            { ids: reassigning, reassignTo, note },
            {
              onSettled: () => {
                setReassigning(undefined);
                setChecked(new Set());
                setBulkMode(false);
              },
            },
          )
        }
      />
      {selected && (
        <TrashDialog
          open={trashing}
          documentName={`The ${selected.attributes.patientFirstName} ${selected.attributes.patientLastName} document`}
          pending={trash.isPending}
          onCancel={() => setTrashing(false)}
          onConfirm={(note) =>
            trash.mutate(
              { ids: [selected.id], note },
              { onSettled: () => setTrashing(false), onSuccess: releaseSelection },
            )
          }
        />
      )}
    </>
  );
}
