import BlockIcon from '@mui/icons-material/Block';
import InboxIcon from '@mui/icons-material/Inbox';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUserDisplayName, HEADER_HEIGHT_PX, TOOLBAR_HEIGHT_PX } from '@portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { isApiError } from '../../../lib/api-client';
import { REALTIME_EVENTS } from '../../../lib/realtime/realtime-context';
import { useRealtimeInvalidation } from '../../../lib/realtime/use-realtime-invalidation';
import { useSession } from '../../../lib/session/session-context';
import { useAcknowledgeDocument } from '../api/acknowledge-document';
import { useClinicProviders } from '../api/get-clinic-providers';
import { useClinicUsers } from '../api/get-clinic-users';
import { documentsQueryKey, useDocumentList } from '../api/get-documents';
import { useUserSignatureSettings } from '../api/get-signature-settings';
import { useSetDocumentHidden, useTrashDocuments } from '../api/hide-trash-documents';
import { useReassignDocuments } from '../api/reassign-documents';
import { useSetDocumentLock } from '../api/set-document-lock';
import { useSetDocumentPin } from '../api/set-document-pin';
import { useSignDocument } from '../api/sign-document';
import { useUnsignDocument } from '../api/unsign-document';
import type { DocumentResource } from '../document-resource';
import { useBulkSign } from '../hooks/use-bulk-sign';
import { useInboxKeyboard } from '../hooks/use-inbox-keyboard';
import { useSignAll } from '../hooks/use-sign-all';
import {
  getInboxFiltersKey,
  type InboxFilters,
  parseInboxFilters,
  toInboxSearchParams,
  updateInboxFilters,
} from '../inbox-filters';
import { listNotePrompts } from '../note-prompts';
import {
  extendBulkChecks,
  isBulkSignable,
  listBulkSignableIds,
  listCheckAllIds,
  listSameRpmVisitIds,
  moveSelection,
  resolveSelectedId,
  toggleCheck,
} from '../selection';
import { BulkSignDialog } from './bulk-sign-dialog';
import { DocumentList } from './document-list';
import { DocumentPanel, type DocumentPanelActions, type DocumentPanelComments } from './document-panel';
import { InboxFilterBar } from './inbox-filter-bar';
import { ReassignDialog } from './reassign-dialog';
import { SignAllDialog, SignAllProgressBar } from './sign-all-progress';
import { TrashDialog } from './trash-dialog';

export const NO_DOCUMENTS_ACCESS_HEADING = 'Your role does not show documents';

/** The signature inbox (SPEC §2, §4): the filter lives in the address; a filter change starts afresh. */
export function SignatureInboxPage() {
  const { currentClinic } = useSession();
  // Another user's change to the clinic's documents refreshes the open inbox (realtime push).
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.documentsChanged, [...documentsQueryKey, 'list']);
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.resync, [...documentsQueryKey, 'list']);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseInboxFilters(params, currentClinic?.npi), [params, currentClinic?.npi]);
  const filtersKey = getInboxFiltersKey(filters);

  const changeFilters = useCallback(
    (change: Partial<InboxFilters>) => setParams(toInboxSearchParams(updateInboxFilters(filters, change))),
    [filters, setParams],
  );

  return (
    <Stack spacing={2}>
      <InboxFilterBar
        filters={filters}
        currentClinicNpi={currentClinic?.npi}
        currentClinicName={currentClinic?.name}
        onChange={changeFilters}
      />
      <InboxContent key={filtersKey} filters={filters} />
    </Stack>
  );
}

function InboxContent({ filters }: { filters: InboxFilters }) {
  const { can, canUseMultiSelectMenu, user, displayName, currentClinic } = useSession();
  const { settings: signatureSettings } = useUserSignatureSettings(currentClinic?.npi, user.id);
  const providers = useClinicProviders(currentClinic?.npi, can('user:read'));
  const signerName = (signedBy: string) => {
    if (signedBy === user.id) return displayName;
    const provider = providers.data?.find((candidate) => candidate.id === signedBy);
    return provider ? formatUserDisplayName(provider.attributes) : signedBy;
  };
  const clinicUsers = useClinicUsers(currentClinic?.npi, can('user:read'));
  const personName = (userId: string) => {
    if (userId === user.id) return displayName;
    const person =
      providers.data?.find((candidate) => candidate.id === userId) ??
      clinicUsers.data?.find((candidate) => candidate.id === userId);
    return person ? formatUserDisplayName(person.attributes) : 'Unknown user';
  };
  const recipients = useMemo(
    () =>
      (providers.data ?? []).map((provider) => ({
        id: provider.id,
        name: formatUserDisplayName(provider.attributes),
      })),
    [providers.data],
  );
  const canSign = can('document:sign');
  // Flag-gated (bulkESigning, enableBulkSigning): answered with the clinic's configuration, as the server does.
  const canBulkSign = can('document:bulk-sign');
  const canReassign = can('document:reassign');
  // SPEC §6: the multi-select menu (nurses while nurseMultiSelect is on; internal users always) reassigns.
  const canMultiSelect = canUseMultiSelectMenu() && canReassign;
  const canCheck = canBulkSign || canMultiSelect;
  const canAcknowledge = can('document:acknowledge');
  const list = useDocumentList(filters, true);
  const documents = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const firstPage = list.data?.pages[0];
  const totalCount = firstPage?.metadata.totalCount;

  const [chosenId, setChosenId] = useState<string | undefined>(filters.idIn || undefined);
  // A refresh (realtime push) can drop the document the reader is on from the list, e.g. once signed it
  // leaves To do: the panel keeps it rather than jumping to another document under the reader's hands.
  const lastSelected = useRef<DocumentResource | undefined>(undefined);
  const listed = documents.find((document) => document.id === chosenId);
  const retained =
    !listed && chosenId && lastSelected.current?.id === chosenId ? lastSelected.current : undefined;
  const selectedId = retained ? retained.id : resolveSelectedId(documents, chosenId);
  const selected = retained ?? documents.find((document) => document.id === selectedId);
  useEffect(() => {
    lastSelected.current = selected;
  }, [selected]);
  /** Leaves the selected document for the list's first (after it was trashed or hidden away). */
  const releaseSelection = () => setChosenId(undefined);

  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [bulkMode, setBulkMode] = useState(false);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [confirmingBulkSign, setConfirmingBulkSign] = useState(false);
  const [confirmingSignAll, setConfirmingSignAll] = useState(false);
  const [reassigning, setReassigning] = useState<string[] | undefined>();
  const [trashing, setTrashing] = useState(false);

  // Alerts get no checkbox, as 'Check all' leaves them out (SPEC §4), even where the clinic's
  // physicianBulkSignAlerts flag would let the server bulk-sign them.
  const isCheckable = isBulkSignable;
  // SPEC §4 rpmSelectByDos: an RPM document's check takes the same patient's RPM documents of that day along.
  const linkedChecks = useCallback(
    (id: string) => (signatureSettings.rpmSelectByDos ? listSameRpmVisitIds(documents, id, isCheckable) : []),
    [signatureSettings.rpmSelectByDos, documents],
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
  const bulkSign = useBulkSign();
  const reassign = useReassignDocuments();
  const hide = useSetDocumentHidden();
  const trash = useTrashDocuments();
  const signAll = useSignAll(filters);

  const noteOf = (id: string) => notes[id] ?? '';
  const clearNote = (id: string) => setNotes(({ [id]: _, ...rest }) => rest);

  // The keyboard's quick sign (Ctrl+Enter): an empty note becomes the user's quick-sign note.
  const signSelected = () => {
    if (selected?.attributes.status !== 'unsigned' || selected.attributes.locked) return;
    const { id } = selected;
    const note = noteOf(id).trim() ? noteOf(id) : signatureSettings.quickSignNote;
    if (canSign) sign.mutate({ id, note }, { onSuccess: () => clearNote(id) });
    else if (canAcknowledge) acknowledge.mutate({ id, note }, { onSuccess: () => clearNote(id) });
  };

  const actions: DocumentPanelActions = {
    canSign,
    canAcknowledge,
    canUnsign: can('document:unsign'),
    canUpdate: can('document:update'),
    onSign: () =>
      selected &&
      sign.mutate(
        { id: selected.id, note: noteOf(selected.id) },
        { onSuccess: () => clearNote(selected.id) },
      ),
    onAcknowledge: () =>
      selected &&
      acknowledge.mutate(
        { id: selected.id, note: noteOf(selected.id) },
        { onSuccess: () => clearNote(selected.id) },
      ),
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
    nameOf: personName,
  };

  useInboxKeyboard({
    onMove: (step) => setChosenId(moveSelection(documents, selectedId, step)),
    onPrimaryAction: signSelected,
  });

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  if (list.isError) {
    if (isApiError(list.error) && (list.error.statusCode === 403 || list.error.statusCode === 404)) {
      return (
        <PageMessage icon={<BlockIcon />} heading={NO_DOCUMENTS_ACCESS_HEADING}>
          <Typography color="textSecondary">
            Documents are shown to providers, nurses, clinic administrators and read-only users. Device
            technicians work in the device screens.
          </Typography>
        </PageMessage>
      );
    }
    return (
      <Alert
        severity="error"
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
  const signAllBar = (
    <SignAllProgressBar
      progress={signAll.progress}
      running={signAll.running}
      onCancel={signAll.cancel}
      onDismiss={signAll.dismiss}
    />
  );
  if (documents.length === 0) {
    return (
      <Stack spacing={2}>
        {signAll.progress && (
          <Paper variant="outlined" aria-label="Sign all">
            {signAllBar}
          </Paper>
        )}
        <PageMessage icon={<InboxIcon />} heading="No documents">
          <Typography color="textSecondary">Nothing matches this filter.</Typography>
        </PageMessage>
      </Stack>
    );
  }

  const bulkSignable = listBulkSignableIds(documents);
  const checkedIds = [...checked].filter((id) => bulkSignable.includes(id));
  const { bulkSignNote } = signatureSettings;
  const startBulkSign = async () => {
    setConfirmingBulkSign(false);
    await bulkSign.run(checkedIds, bulkSignNote);
    setChecked(new Set());
    setBulkMode(false);
  };
  const listHeight = `calc(100vh - ${HEADER_HEIGHT_PX + TOOLBAR_HEIGHT_PX + 150}px)`;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" component="section" aria-label="Document list" sx={{ minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            px: 2,
            py: 1,
            alignItems: 'center',
            borderBottom: 1,
            borderColor: 'divider',
            flexWrap: 'wrap',
            rowGap: 1,
          }}
        >
          <Typography variant="body2" color="textSecondary" sx={{ mr: 'auto' }} role="status">
            {totalCount === null || totalCount === undefined
              ? `${documents.length} shown`
              : `${documents.length} of ${totalCount}${firstPage?.metadata.totalCountIsLowerBound ? '+' : ''}`}
          </Typography>
          {canCheck && (
            <Button
              size="small"
              disabled={Boolean(bulkSign.progress)}
              onClick={() => {
                if (bulkMode) {
                  setBulkMode(false);
                  setChecked(new Set());
                } else {
                  setBulkMode(true);
                  setChecked(new Set(listCheckAllIds(documents)));
                }
              }}
            >
              {bulkMode ? 'Uncheck all' : 'Check all'}
            </Button>
          )}
          {canBulkSign && (
            <Button
              size="small"
              variant="contained"
              disabled={checkedIds.length === 0 || Boolean(bulkSign.progress)}
              onClick={() => setConfirmingBulkSign(true)}
            >
              Bulk sign ({checkedIds.length})
            </Button>
          )}
          {canReassign && checkedIds.length > 0 && (
            <Button size="small" variant="outlined" onClick={() => setReassigning(checkedIds)}>
              Reassign ({checkedIds.length})
            </Button>
          )}
          {canSign && (
            <Button
              size="small"
              variant="outlined"
              disabled={signAll.running || Boolean(bulkSign.progress)}
              onClick={() => setConfirmingSignAll(true)}
            >
              Sign all
            </Button>
          )}
        </Stack>
        {signAllBar}
        {bulkSign.progress && (
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="caption" id="bulk-sign-progress-label">
              Signing {bulkSign.progress.done} of {bulkSign.progress.total}…
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(bulkSign.progress.done / bulkSign.progress.total) * 100}
              aria-labelledby="bulk-sign-progress-label"
            />
          </Box>
        )}
        <Box sx={{ maxHeight: { xs: '45vh', md: listHeight }, minHeight: { md: 320 }, overflowY: 'auto' }}>
          <DocumentList
            documents={documents}
            selectedId={selectedId}
            onSelect={setChosenId}
            checked={canCheck ? checked : undefined}
            isCheckable={isCheckable}
            onToggleCheck={(id) =>
              setChecked((current) => toggleCheck(current, bulkMode, id, linkedChecks(id)))
            }
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </Box>
      </Paper>
      <BulkSignDialog
        open={confirmingBulkSign}
        count={checkedIds.length}
        note={bulkSignNote}
        onCancel={() => setConfirmingBulkSign(false)}
        onConfirm={() => void startBulkSign()}
      />
      <SignAllDialog
        open={confirmingSignAll}
        note={bulkSignNote}
        onCancel={() => setConfirmingSignAll(false)}
        onConfirm={() => {
          setConfirmingSignAll(false);
          void signAll.start(bulkSignNote);
        }}
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
      {selected && (
        <DocumentPanel
          comments={comments}
          key={selected.id}
          document={selected}
          note={noteOf(selected.id)}
          onNoteChange={(note) => setNotes((current) => ({ ...current, [selected.id]: note }))}
          actions={actions}
          prompts={listNotePrompts(selected.attributes.serviceLine, signatureSettings)}
          quickSignNote={signatureSettings.quickSignNote}
          signerName={signerName}
        />
      )}
    </Box>
  );
}
