import { HEADER_HEIGHT_PX, TOOLBAR_HEIGHT_PX } from '@portal/domain';
import { useEffect } from 'react';
import { lazyComponent } from '../../../components/lazy-component';
import { PageMessage } from '../../../components/page-message';
import { InboxIcon } from '../../../components/ui/icons';
import { LinearProgress } from '../../../components/ui/linear-progress';
import { markFirstScreenShown } from '../../../lib/first-screen';
import { loadPdfJs } from '../../../lib/pdfjs';
import { useInboxView } from '../hooks/use-inbox-view';
import { type SignatureInboxOptions, useAutoAdvance, useSignatureInbox } from '../hooks/use-signature-inbox';
import type { InboxFilters } from '../inbox-filters';
import { DocumentList } from './document-list';
import { InboxFilterBar } from './inbox-filter-bar';
import { InboxListToolbar } from './inbox-list-toolbar';
import { InboxLoadFailure } from './inbox-load-failure';
import { SigningProgress } from './signing-progress';
import '../../../components/ui/typography.css';
import './signature-inbox-page.css';

// The list shows first (issue 11 §10): the open document's panel (the report viewer, details, note and
// comments) and the dialogs come from chunks of their own, fetched once the list has shown (or at once
// when a document opens with it). Until the
// panel is there, an empty area holds its place, so nothing moves when it arrives.
const DocumentPanel = lazyComponent(
  () => import('./document-panel').then((module) => module.DocumentPanel),
  <DocumentPanelPlaceholder />,
);

function DocumentPanelPlaceholder() {
  // A document is open: its viewer needs pdf.js next, so that comes beside the panel, not after it.
  useEffect(() => {
    loadPdfJs().catch(() => undefined);
  }, []);
  return <div aria-hidden className="signature-inbox-page__placeholder" />;
}
const BulkSignDialog = lazyComponent(() =>
  import('./bulk-sign-dialog').then((module) => module.BulkSignDialog),
);
const ReassignDialog = lazyComponent(() =>
  import('./reassign-dialog').then((module) => module.ReassignDialog),
);
const TrashDialog = lazyComponent(() => import('./trash-dialog').then((module) => module.TrashDialog));
const UnsignDialog = lazyComponent(() => import('./unsign-dialog').then((module) => module.UnsignDialog));
const ShortcutSheet = lazyComponent(() => import('./shortcut-sheet').then((module) => module.ShortcutSheet));

const PAGE_HEIGHT_STYLE = { height: `calc(100dvh - ${HEADER_HEIGHT_PX + TOOLBAR_HEIGHT_PX}px)` };

/**
 * The signature inbox (SPEC §2, §4): a full-height workspace under the header: the filters, then the
 * list, the report and its details side by side, each scrolling on its own (one at a time on a narrow
 * screen). The filter lives in the address; a filter change starts afresh.
 */
export function SignatureInboxPage() {
  const view = useInboxView();
  const { filters, narrow, narrowRegion } = view;
  return (
    // The whole area under the header and the page toolbar: the page itself never scrolls.
    <div className="signature-inbox-page" style={PAGE_HEIGHT_STYLE}>
      {(!narrow || narrowRegion === 'list') && (
        <InboxFilterBar
          filters={filters}
          currentClinicNpi={view.currentClinic?.npi}
          currentClinicName={view.currentClinic?.name}
          onChange={view.changeFilters}
          narrow={narrow}
          changedCount={view.changedFilterCount}
          onShowShortcuts={view.showShortcuts}
          dialogOpen={view.filtersOpen}
          onDialogOpenChange={view.setFiltersOpen}
          searchRef={view.searchRef}
        />
      )}
      <InboxContent
        key={view.selectionKey}
        filters={filters}
        narrow={narrow}
        narrowRegion={narrowRegion}
        setNarrowRegion={view.setNarrowRegion}
        onChangeFilters={view.changeFilters}
        onShowShortcuts={view.showShortcuts}
        onFocusSearch={view.focusSearch}
      />
      <InboxPreferences open={view.shortcutsOpen} onClose={view.closeShortcuts} />
    </div>
  );
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

type InboxContentProps = SignatureInboxOptions & {
  onChangeFilters: (change: Partial<InboxFilters>) => void;
};

/** The documents of one filter: the list beside the open document, and the dialogs their actions open. */
function InboxContent({ onChangeFilters, ...options }: InboxContentProps) {
  const { filters, narrow, narrowRegion, setNarrowRegion } = options;
  const inbox = useSignatureInbox(options);
  const { list, documents, selected, checks, panel } = inbox;
  // The list (or its failure) is the first screen: what the portal fetches ahead of need may start now.
  const listSettled = !list.isPending;
  useEffect(() => {
    if (listSettled) markFirstScreenShown();
  }, [listSettled]);

  if (list.isError) return <InboxLoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <LinearProgress aria-label="Loading documents" />;

  const progress = (
    <SigningProgress
      run={inbox.signing.run}
      onCancel={inbox.signing.cancel}
      onDismiss={inbox.signing.dismiss}
    />
  );
  if (documents.length === 0 && !selected) {
    return (
      <div className="signature-inbox-page__empty">
        {progress}
        <PageMessage icon={<InboxIcon />} heading="No documents">
          <p className="ui-body1 ui-text-secondary page-message__text">Nothing matches this filter.</p>
        </PageMessage>
      </div>
    );
  }

  const listRegion = (
    <section
      aria-label="Document list"
      className={
        narrow
          ? 'signature-inbox-page__list'
          : 'signature-inbox-page__list signature-inbox-page__list--beside'
      }
    >
      <InboxListToolbar
        countText={inbox.countText}
        checkedCount={checks.checkedIds.length}
        {...inbox.toolbar}
      />
      {progress}
      <DocumentList
        entries={inbox.entries}
        selectedId={inbox.selectedId}
        onSelect={inbox.open}
        onOpen={inbox.open}
        checked={checks.enabled ? checks.checked : undefined}
        isCheckable={checks.isCheckable}
        onToggleCheck={checks.toggle}
        checkAll={
          checks.enabled
            ? { checked: checks.bulkMode, disabled: inbox.toolbar.signingBusy, onToggle: checks.toggleAll }
            : undefined
        }
        showStatus={filters.status !== 'todo'}
        showAssignee={filters.assignedTo !== 'me'}
        nameOf={inbox.nameOf}
        sort={filters.sort}
        onSort={(sort) => onChangeFilters({ sort })}
        now={inbox.now}
        hasNextPage={inbox.paging.hasNextPage}
        isFetchingNextPage={inbox.paging.isFetchingNextPage}
        onLoadMore={inbox.paging.loadMore}
      />
      {documents.length === 0 && (
        <p className="ui-body2 ui-text-secondary signature-inbox-page__nothing-left">
          Nothing left in this list.
        </p>
      )}
    </section>
  );

  const documentRegion = selected ? (
    <DocumentPanel
      comments={panel.comments}
      document={selected}
      note={panel.noteOf(selected.id)}
      onNoteChange={(note) => panel.setNote(selected.id, note)}
      actions={panel.actions}
      prompts={panel.promptsFor(selected)}
      quickSignNote={panel.quickSignNote}
      nameOf={inbox.nameOf}
      pdf={panel.pdf}
      viewerRef={panel.viewerRef}
      narrow={narrow}
      onBack={() => setNarrowRegion('list')}
      narrowRegion={panel.narrowTab}
      onNarrowRegionChange={panel.setNarrowTab}
      detailsOpen={panel.detailsOpen}
      onDetailsOpenChange={panel.setDetailsOpen}
    />
  ) : null;

  return (
    <>
      <div
        className={
          narrow
            ? 'signature-inbox-page__workspace signature-inbox-page__workspace--narrow'
            : 'signature-inbox-page__workspace'
        }
      >
        {(!narrow || narrowRegion === 'list' || !selected) && listRegion}
        {(!narrow || narrowRegion === 'document') && documentRegion}
      </div>
      <BulkSignDialog {...inbox.bulkSign} />
      <ReassignDialog {...inbox.reassign} />
      {inbox.unsign.open && <UnsignDialog {...inbox.unsign} />}
      {selected && (
        <TrashDialog
          documentName={`The ${selected.attributes.patientFirstName} ${selected.attributes.patientLastName} document`}
          {...inbox.trash}
        />
      )}
    </>
  );
}
