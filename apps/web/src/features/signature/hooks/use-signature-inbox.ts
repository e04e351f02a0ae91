import { buildReportPdfFilename, describeBulkSigning, formatUserDisplayName } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseBooleanPreference, useLocalPreference } from '../../../lib/local-preference';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useAcknowledgeDocument } from '../api/acknowledge-document';
import { useClinicProviders } from '../api/get-clinic-providers';
import { useClinicUsers } from '../api/get-clinic-users';
import { getDocumentPdf, useDocumentPdf } from '../api/get-document-pdf';
import { useDocumentList } from '../api/get-documents';
import { useUserSignatureSettings } from '../api/get-signature-settings';
import { useSetDocumentHidden, useTrashDocuments } from '../api/hide-trash-documents';
import { useReassignDocuments } from '../api/reassign-documents';
import { useSetDocumentLock } from '../api/set-document-lock';
import { useSetDocumentPin } from '../api/set-document-pin';
import { useSignDocument } from '../api/sign-document';
import { useUnsignDocument } from '../api/unsign-document';
import { type BulkSigningPlan, planBulkSigning } from '../bulk-signing-plan';
import type { DocumentPanelActions, DocumentPanelComments, DocumentPdf } from '../components/document-panel';
import type { PdfViewerHandle } from '../components/pdf-viewer';
import type { DocumentResource } from '../document-resource';
import { type InboxFilters, isGroupedByPatient } from '../inbox-filters';
import { createPersonNamer, describeListCount } from '../inbox-format';
import { whyShortcutCannotAct } from '../inbox-shortcuts';
import { listNotePrompts } from '../note-prompts';
import { findNextToOpen, isBulkSignable, isListedInView, listInboxEntries } from '../selection';
import { useInboxChecks } from './use-inbox-checks';
import { useInboxKeyboard } from './use-inbox-keyboard';
import { useInboxSelection } from './use-inbox-selection';
import type { NarrowRegion } from './use-inbox-view';
import { SIGN_ALL_MAX_DOCUMENTS, useSignAllCandidates } from './use-sign-all-plan';
import { type SigningRunKind, useSigningRun } from './use-signing-run';

const AUTO_ADVANCE_KEY = 'inbox.autoAdvance';
// SPEC §8 style: 'Error …' and what failed.
const PDF_DOWNLOAD_FAILED_MESSAGE = 'Error downloading the PDF';
const DETAILS_OPEN_KEY = 'inbox.detailsOpen';

/** Sign and move on (SPEC §4), on unless the reader turned it off in the shortcut sheet. */
export function useAutoAdvance() {
  return useLocalPreference(AUTO_ADVANCE_KEY, true, parseBooleanPreference);
}

function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** On a narrow screen the focus follows the region shown: the document's way back, or its row in the list. */
function useFocusFollowsRegion(narrowRegion: NarrowRegion) {
  const regionChanged = useRef(false);
  useEffect(() => {
    if (!regionChanged.current) {
      regionChanged.current = true;
      return;
    }
    const findTarget = () =>
      narrowRegion === 'document'
        ? document.querySelector<HTMLElement>('[data-back-to-list]')
        : document.querySelector<HTMLElement>('[aria-current="true"][data-row]');
    const target = findTarget();
    if (target) {
      target.focus();
      return;
    }
    // The document's panel comes from a chunk of its own and may show a moment later: focus its way
    // back then.
    const observer = new MutationObserver(() => {
      const found = findTarget();
      if (!found) return;
      observer.disconnect();
      found.focus();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), 5_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [narrowRegion]);
}

export type SignatureInboxOptions = {
  filters: InboxFilters;
  narrow: boolean;
  narrowRegion: NarrowRegion;
  setNarrowRegion: (region: NarrowRegion) => void;
  onShowShortcuts: () => void;
  onFocusSearch: () => void;
};

/**
 * Everything the inbox does for one filter (SPEC §2, §4): the list and its pages, the open document and
 * its note, the checks, the document actions, bulk signing and Sign all, reassigning and trashing, and
 * the keyboard. The page lays out what this returns.
 */
export function useSignatureInbox({
  filters,
  narrow,
  narrowRegion,
  setNarrowRegion,
  onShowShortcuts,
  onFocusSearch,
}: SignatureInboxOptions) {
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

  const queryClient = useQueryClient();
  const selection = useInboxSelection({ loaded, documents, initialId: filters.idIn || undefined });
  const { selected, selectedId } = selection;
  const [narrowTab, setNarrowTab] = useState<'report' | 'details'>('report');
  const open = useCallback(
    (id: string) => {
      selection.select(id);
      if (narrow) setNarrowRegion('document');
    },
    [selection.select, narrow, setNarrowRegion],
  );
  useFocusFollowsRegion(narrowRegion);

  const checks = useInboxChecks({
    documents,
    canCheck,
    isCheckable,
    rpmSelectByDos: settings.rpmSelectByDos,
  });
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<SigningRunKind | undefined>();
  const [reassigning, setReassigning] = useState<string[] | undefined>();
  const [trashing, setTrashing] = useState(false);
  const [unsigning, setUnsigning] = useState(false);

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
  const setNote = (id: string, note: string) => setNotes((current) => ({ ...current, [id]: note }));
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
      // A new delivery is queued with the signature: its state is asked again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.documents.emrDelivery(id) });
      if (autoAdvance && next) selection.advance(id, next);
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
    onUnsign: () => selected && setUnsigning(true),
    onPin: (isPinned) => selected && pin.mutate({ id: selected.id, isPinned }),
    onLock: (locked) => selected && lock.mutate({ id: selected.id, locked }),
    canReassign,
    canHide: can('document:update'),
    canTrash: can('document:trash'),
    onReassign: () => selected && setReassigning([selected.id]),
    onHide: (hidden) =>
      selected &&
      hide.mutate({ id: selected.id, hidden }, { onSuccess: hidden ? selection.release : undefined }),
    onTrash: () => setTrashing(true),
  };
  const comments: DocumentPanelComments = {
    userId: user.id,
    canComment: can('document:comment'),
    recipients,
    nameOf,
  };

  // The download is the PDF as it leaves the portal: the clinic's coversheet in front of the report.
  const download = () => {
    if (!selected || !pdf.data || pdf.isPlaceholderData) return false;
    const filename = buildReportPdfFilename(selected.attributes);
    getDocumentPdf(selected.id, { withCoversheet: true }).then(
      (blob) => downloadBlob(blob, filename),
      () => enqueueSnackbar(PDF_DOWNLOAD_FAILED_MESSAGE, { variant: 'error' }),
    );
    return true;
  };
  const shownPdf: DocumentPdf = {
    data: pdf.data,
    ready: Boolean(pdf.data) && !pdf.isPlaceholderData,
    failed: pdf.isError,
    onDownload: download,
  };

  useInboxKeyboard({
    next: () => selection.move(1),
    previous: () => selection.move(-1),
    sign: () => {
      const why = whyShortcutCannotAct('sign', selected, { canSign, canAcknowledge });
      if (why) enqueueSnackbar(why, { variant: 'info' });
      else if (selected) finish(canSign ? 'sign' : 'acknowledge', quickNote(selected.id));
    },
    acknowledge: () => {
      const why = whyShortcutCannotAct('acknowledge', selected, { canSign, canAcknowledge });
      if (why) enqueueSnackbar(why, { variant: 'info' });
      else if (selected) finish('acknowledge', quickNote(selected.id));
    },
    check: () => {
      if (!selected || !canCheck || !isCheckable(selected)) return false;
      checks.toggle(selected.id);
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

  // What Bulk sign (the checked documents: what it acts on, so what its dialog counts) or Sign all would sign.
  const { bulkSignNote } = settings;
  const bulkPlan: BulkSigningPlan | undefined =
    confirming === 'bulk'
      ? planBulkSigning(
          documents.filter((document) => checks.checkedIds.includes(document.id)),
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
    checks.clear();
    void signing.start(kind, plan.ids, bulkSignNote);
  };

  const notDone = filters.status !== 'done';
  return {
    /** The list query: pending, failed (and why), refetch. */
    list,
    documents,
    entries,
    countText: describeListCount(documents.length, list.data?.pages[0]?.metadata),
    paging: { hasNextPage, isFetchingNextPage, loadMore },
    now,
    nameOf,
    selected,
    selectedId,
    open,
    checks: { ...checks, enabled: canCheck, isCheckable },
    /** The list toolbar's buttons: Bulk sign and Sign all, Reassign for the checked documents. */
    toolbar: {
      showBulkSign: canBulkSign && notDone,
      showReassign: canReassign && notDone,
      signingBusy: Boolean(signing.run?.running),
      onBulkSign: () => setConfirming('bulk'),
      onSignAll: () => setConfirming('all'),
      onReassign: () => setReassigning(checks.checkedIds),
    },
    signing,
    /** The open document's panel. */
    panel: {
      actions,
      comments,
      noteOf,
      setNote,
      promptsFor: (document: DocumentResource) => listNotePrompts(document.attributes.serviceLine, settings),
      quickSignNote: settings.quickSignNote,
      pdf: shownPdf,
      viewerRef,
      narrowTab,
      setNarrowTab,
      detailsOpen,
      setDetailsOpen,
    },
    /** The Bulk sign / Sign all confirmation. */
    bulkSign: {
      open: Boolean(confirming),
      kind: confirming ?? 'bulk',
      plan: confirming === 'bulk' ? bulkPlan : allPlan,
      failed: confirming === 'all' && signAllCandidates.isError,
      cappedAt: confirming === 'all' && signAllCandidates.data?.capped ? SIGN_ALL_MAX_DOCUMENTS : undefined,
      note: bulkSignNote,
      rule: bulkRule?.summary,
      onCancel: () => setConfirming(undefined),
      onConfirm: startSigning,
    },
    /** The reassign dialog, for the open document or the checked ones. */
    reassign: {
      open: Boolean(reassigning),
      count: reassigning?.length ?? 0,
      providers: recipients,
      loading: providers.isPending && providers.fetchStatus === 'fetching',
      pending: reassign.isPending,
      onCancel: () => setReassigning(undefined),
      onConfirm: ({ reassignTo, note }: { reassignTo: string; note: string }) =>
        reassigning &&
        reassign.mutate(
          { ids: reassigning, reassignTo, note },
          {
            onSettled: () => {
              setReassigning(undefined);
              checks.clear();
            },
          },
        ),
    },
    /**
     * The un-sign confirmation for the open document: a reason, and what happens to the EMR's copy. The document
     * stays open afterwards (it leaves the Done list, not the reader's view).
     */
    unsign: {
      document: selected,
      open: unsigning,
      pending: unsign.isPending,
      onCancel: () => setUnsigning(false),
      onConfirm: (reason: string) => {
        if (!selected) return;
        const { id } = selected;
        selection.select(id);
        unsign.mutate(
          { id, reason },
          {
            // What became of the EMR's copy (its correction queued) is asked again.
            onSuccess: () =>
              void queryClient.invalidateQueries({ queryKey: queryKeys.documents.emrDelivery(id) }),
            onSettled: () => setUnsigning(false),
          },
        );
      },
    },
    /** The trash confirmation for the open document. */
    trash: {
      open: trashing,
      pending: trash.isPending,
      onCancel: () => setTrashing(false),
      onConfirm: (note: string) =>
        selected &&
        trash.mutate(
          { ids: [selected.id], note },
          { onSettled: () => setTrashing(false), onSuccess: selection.release },
        ),
    },
  };
}

/** What the inbox page lays out. */
export type SignatureInbox = ReturnType<typeof useSignatureInbox>;
