import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ViewSidebarOutlinedIcon from '@mui/icons-material/ViewSidebarOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  appendNote,
  documentTypeLabel,
  formatUsDateTimeToMinute,
  isContentFrozen,
  NOTE_MAX_LENGTH,
  truncateNote,
} from '@portal/domain';
import { lazy, type Ref, Suspense } from 'react';
import { AlertBadge, formatAlertLevel } from '../../../components/alert-badge';
import { listDocumentDetails } from '../document-details';
import type { DocumentResource } from '../document-resource';
import { formatInboxDate, type NamedPerson } from '../inbox-format';
import { DocumentComments } from './document-comments';
import { PdfViewer, type PdfViewerHandle } from './pdf-viewer';
import { StatusChip } from './status-chip';

// The document's patient (OAC status, flag, advisories), a study's results above its PDF and a signed
// document's EMR delivery come in one chunk of their own, fetched with the first document opened: the
// inbox's start-up weight stays as it was (issue 11 §10).
const loadExtras = () => import('./document-extras');
const DocumentPatientSummary = lazy(() =>
  loadExtras().then((module) => ({ default: module.DocumentPatientSummary })),
);
const DocumentStudyResults = lazy(() =>
  loadExtras().then((module) => ({ default: module.DocumentStudyResults })),
);
const EmrDeliveryStatus = lazy(() => loadExtras().then((module) => ({ default: module.EmrDeliveryStatus })));

export type DocumentPanelActions = {
  canSign: boolean;
  canAcknowledge: boolean;
  canUnsign: boolean;
  canUpdate: boolean;
  onSign: () => void;
  onAcknowledge: () => void;
  onUnsign: () => void;
  onPin: (isPinned: boolean) => void;
  onLock: (locked: boolean) => void;
  canReassign: boolean;
  canHide: boolean;
  canTrash: boolean;
  onReassign: () => void;
  onHide: (hidden: boolean) => void;
  onTrash: () => void;
};

export type DocumentPanelComments = {
  userId: string;
  canComment: boolean;
  recipients: NamedPerson[];
  nameOf: (userId: string) => string;
};

/** The PDF shown and downloaded, as the page loads it. */
export type DocumentPdf = { data: Blob | undefined; ready: boolean; failed: boolean; onDownload: () => void };

type DocumentPanelProps = {
  document: DocumentResource;
  note: string;
  onNoteChange: (note: string) => void;
  actions: DocumentPanelActions;
  /** Quick-insert prompts for the note (the user's signature settings for this service line). */
  prompts: readonly string[];
  /** Signed with Ctrl+Enter when the note is empty. */
  quickSignNote: string;
  /** Names a user id by display name. */
  nameOf: (userId: string) => string;
  comments: DocumentPanelComments;
  pdf: DocumentPdf;
  viewerRef: Ref<PdfViewerHandle>;
  /** Below 900 px: one region at a time, with a way back to the list. */
  narrow: boolean;
  onBack: () => void;
  narrowRegion: 'report' | 'details';
  onNarrowRegionChange: (region: 'report' | 'details') => void;
  /** The details rail is open (wide screens; the reader's choice, remembered). */
  detailsOpen: boolean;
  onDetailsOpenChange: (open: boolean) => void;
};

/**
 * The open document: its identity and primary action on top (always in view), the report, and its
 * details and actions (patient, device, alert, note, comments) in a rail that scrolls on its own.
 */
export function DocumentPanel(props: DocumentPanelProps) {
  const { document, narrow, narrowRegion, detailsOpen, pdf } = props;
  const { attributes: doc } = document;
  const patientName = `${doc.patientFirstName} ${doc.patientLastName}`;
  const typeLabel = documentTypeLabel(doc.type);
  const showReport = narrow ? narrowRegion === 'report' : true;
  const showDetails = narrow ? narrowRegion === 'details' : detailsOpen;
  // Only a document that says it carries a study's results loads the panel, which reads them.
  const studyMetadata: unknown = doc.metadata?.study;
  const hasStudy = typeof studyMetadata === 'object' && studyMetadata !== null;

  return (
    <Box
      component="section"
      aria-labelledby="selected-document-heading"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, height: '100%' }}
    >
      <DocumentHeader {...props} />
      {narrow && (
        <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            fullWidth
            color="primary"
            value={narrowRegion}
            aria-label="Show"
            onChange={(_event, value: 'report' | 'details' | null) =>
              value && props.onNarrowRegionChange(value)
            }
          >
            <ToggleButton value="report" sx={{ py: 0.25 }}>
              Report
            </ToggleButton>
            <ToggleButton value="details" sx={{ py: 0.25 }}>
              Details
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      )}
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0 }}>
        {showReport && (
          <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
            {hasStudy && (
              <Suspense fallback={null}>
                <DocumentStudyResults key={document.id} metadata={doc.metadata} />
              </Suspense>
            )}
            {pdf.failed && (
              <Alert severity="error" sx={{ m: 1 }}>
                The PDF could not be loaded.
              </Alert>
            )}
            {pdf.data ? (
              <PdfViewer
                ref={props.viewerRef}
                data={pdf.data}
                title={`${typeLabel} of ${patientName}`}
                compact={narrow}
                toolbarEnd={
                  narrow ? (
                    <IconButton
                      size="small"
                      aria-label="Download"
                      disabled={!pdf.ready}
                      onClick={pdf.onDownload}
                    >
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  ) : (
                    <Button
                      size="small"
                      startIcon={<DownloadIcon />}
                      disabled={!pdf.ready}
                      onClick={pdf.onDownload}
                    >
                      Download
                    </Button>
                  )
                }
              />
            ) : (
              !pdf.failed && (
                <Box sx={{ flex: 1, bgcolor: 'grey.200' }} data-testid="pdf-pages" data-state="loading" />
              )
            )}
          </Box>
        )}
        {showDetails && (
          <Box
            id="document-details"
            component="aside"
            aria-label="Document details"
            // It scrolls on its own: the keyboard can reach and scroll it even where it holds no control.
            tabIndex={0}
            sx={{
              width: narrow ? '100%' : 'clamp(300px, 25vw, 380px)',
              flex: 'none',
              minHeight: 0,
              overflowY: 'auto',
              borderLeft: narrow ? 0 : 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              outline: 'none',
              '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
            }}
          >
            <DocumentDetails {...props} />
          </Box>
        )}
      </Box>
      {narrow && hasPrimaryAction(document, props.actions) && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ p: 1, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', flex: 'none' }}
        >
          <PrimaryActions document={document} actions={props.actions} size="large" fullWidth />
        </Stack>
      )}
    </Box>
  );
}

function hasPrimaryAction(document: DocumentResource, actions: DocumentPanelActions): boolean {
  const { status } = document.attributes;
  if (status === 'unsigned') return actions.canSign || actions.canAcknowledge;
  if (status === 'signed' || status === 'acknowledged') return actions.canUnsign;
  return status === 'signing' || status === 'acknowledging';
}

/** The open document's name, type, date, status and alert, and its primary action: always in view. */
function DocumentHeader({
  document,
  actions,
  narrow,
  onBack,
  detailsOpen,
  onDetailsOpenChange,
}: DocumentPanelProps) {
  const { attributes: doc } = document;
  const patientName = `${doc.patientFirstName} ${doc.patientLastName}`;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: narrow ? 1 : 2,
        py: 0.75,
        minHeight: 52,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {narrow && (
        <IconButton aria-label="Back to the list" onClick={onBack} size="small" data-back-to-list="">
          <ArrowBackIcon />
        </IconButton>
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography
            id="selected-document-heading"
            component="h2"
            variant="subtitle1"
            sx={{
              fontWeight: 700,
              lineHeight: 1.3,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {patientName}
          </Typography>
          {doc.alert && <AlertBadge level={doc.alert} size="medium" />}
        </Stack>
        <Stack
          direction="row"
          spacing={0.75}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.25, color: 'text.secondary' }}
        >
          <Typography variant="body2" component="span">
            {documentTypeLabel(doc.type)} · DOS {formatInboxDate(doc.dos)}
          </Typography>
          <StatusChip status={doc.status} />
          {doc.locked && <Chip size="small" icon={<LockIcon />} label="Locked" />}
          {doc.isPinned && <Chip size="small" icon={<PushPinIcon />} label="Pinned" />}
          {doc.isHidden && <Chip size="small" icon={<VisibilityOffOutlinedIcon />} label="Hidden" />}
          {doc.systemError && <Chip size="small" color="warning" label="System error" />}
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 'none' }}>
        {!narrow && (
          <Tooltip title={detailsOpen ? 'Hide the details' : 'Show the details'}>
            <IconButton
              size="small"
              aria-label="Details"
              aria-expanded={detailsOpen}
              aria-controls={detailsOpen ? 'document-details' : undefined}
              onClick={() => onDetailsOpenChange(!detailsOpen)}
            >
              <ViewSidebarOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
        {!narrow && <PrimaryActions document={document} actions={actions} size="medium" />}
      </Stack>
    </Box>
  );
}

/** Sign / Acknowledge (or their undoing): the one thing a reader does with the open document. */
function PrimaryActions({
  document,
  actions,
  size,
  fullWidth = false,
}: {
  document: DocumentResource;
  actions: DocumentPanelActions;
  size: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
}) {
  const { attributes: doc } = document;
  const isUnsigned = doc.status === 'unsigned';
  const isDone = doc.status === 'signed' || doc.status === 'acknowledged';
  const busy = doc.status === 'signing' || doc.status === 'acknowledging';
  return (
    <>
      {isUnsigned && actions.canAcknowledge && (
        <Button
          variant={actions.canSign ? 'outlined' : 'contained'}
          onClick={actions.onAcknowledge}
          disabled={doc.locked}
          size={size}
          fullWidth={fullWidth}
        >
          Acknowledge
        </Button>
      )}
      {isUnsigned && actions.canSign && (
        <Button
          variant="contained"
          onClick={actions.onSign}
          disabled={doc.locked}
          size={size}
          fullWidth={fullWidth}
          aria-keyshortcuts="Control+Enter"
        >
          Sign
        </Button>
      )}
      {busy && (
        <Button variant="contained" disabled size={size} fullWidth={fullWidth}>
          {doc.status === 'signing' ? 'Signing…' : 'Acknowledging…'}
        </Button>
      )}
      {isDone && actions.canUnsign && (
        <Button variant="outlined" onClick={actions.onUnsign} size={size} fullWidth={fullWidth}>
          {doc.status === 'acknowledged' ? 'Un-acknowledge' : 'Un-sign'}
        </Button>
      )}
    </>
  );
}

/** Who wrote the document's note: a nurse's acknowledgement is not a provider's note. */
function noteLabel(status: string): string {
  if (status === 'acknowledged') return 'Acknowledgement note';
  if (status === 'signed') return 'Provider note';
  return 'Note so far';
}

/** The rail: alert, the note to add, the document's note, who signed, the details, the other actions, comments. */
function DocumentDetails({
  document,
  note,
  onNoteChange,
  actions,
  prompts,
  quickSignNote,
  nameOf,
  comments,
}: DocumentPanelProps) {
  const { id, attributes: doc } = document;
  const isUnsigned = doc.status === 'unsigned';
  // The server refuses changes to a signed or acknowledged document's content (reassigning included).
  const contentFrozen = isContentFrozen(doc.status);
  const busy = doc.status === 'signing' || doc.status === 'acknowledging';
  const sections = listDocumentDetails(doc, { nameOf });

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {doc.alert && (
        <Alert
          severity={doc.alert === 'high' ? 'error' : doc.alert === 'medium' ? 'warning' : 'info'}
          variant={doc.alert === 'high' ? 'filled' : 'standard'}
          aria-label="Alert"
        >
          <strong>{formatAlertLevel(doc.alert)}</strong>
          {doc.alertType && ` · ${doc.alertType}`}
          {doc.alertText && (
            <Box component="span" sx={{ display: 'block' }}>
              {doc.alertText}
            </Box>
          )}
        </Alert>
      )}

      <Suspense fallback={null}>
        <DocumentPatientSummary key={document.id} document={document} />
      </Suspense>

      {isUnsigned && (actions.canSign || actions.canAcknowledge) && (
        <Box>
          <TextField
            label="Note"
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            size="small"
            value={note}
            onChange={(event) => onNoteChange(truncateNote(event.target.value))}
            slotProps={{
              htmlInput: { maxLength: NOTE_MAX_LENGTH, 'aria-describedby': 'note-counter note-help' },
            }}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span id="note-help">
                  Ctrl+Enter {actions.canSign ? 'signs' : 'acknowledges'}
                  {quickSignNote ? `; an empty note adds '${quickSignNote}'` : ''}.
                </span>
                <span id="note-counter" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                  {note.length} / {NOTE_MAX_LENGTH}
                </span>
              </Box>
            }
          />
          {prompts.length > 0 && (
            <Stack
              direction="row"
              aria-label="Quick-insert prompts"
              role="group"
              sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}
            >
              {prompts.map((prompt) => (
                <Chip
                  key={prompt}
                  label={prompt}
                  size="small"
                  variant="outlined"
                  onClick={() => onNoteChange(appendNote(note, prompt))}
                  aria-label={`Insert '${prompt}'`}
                />
              ))}
            </Stack>
          )}
        </Box>
      )}

      {doc.note && (
        <Box>
          <Typography variant="caption" color="textSecondary" component="p" data-testid="document-note-label">
            {noteLabel(doc.status)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="document-note">
            {doc.note}
          </Typography>
        </Box>
      )}

      {doc.signedBy && (doc.status === 'signed' || doc.status === 'acknowledged') && (
        <Typography variant="body2" data-testid="document-signed-by">
          {doc.status === 'acknowledged' ? 'Acknowledged by ' : 'Signed by '}
          <strong>{nameOf(doc.signedBy)}</strong>
          {doc.signedAt && `, ${formatUsDateTimeToMinute(doc.signedAt)}`}
        </Typography>
      )}

      {(doc.status === 'signed' || doc.status === 'acknowledged' || doc.status === 'unsigned') && (
        <Suspense fallback={null}>
          <EmrDeliveryStatus key={document.id} document={document} />
        </Suspense>
      )}

      {sections.map((section) => (
        <Box key={section.title} component="section" aria-label={section.title}>
          <Typography component="h3" variant="overline" color="textSecondary" sx={{ lineHeight: 2 }}>
            {section.title}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
            }}
          >
            {section.fields.map((field) => (
              // A long value (a date range, a model name) takes the whole row rather than wrapping in half of it.
              <Box
                key={field.label}
                sx={{ minWidth: 0, gridColumn: field.value.length > 20 ? '1 / -1' : undefined }}
              >
                <Typography component="dt" variant="caption" color="textSecondary">
                  {field.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {field.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}

      {(actions.canUpdate || actions.canReassign || actions.canHide || actions.canTrash) && (
        <Box>
          <Typography component="h3" variant="overline" color="textSecondary" sx={{ lineHeight: 2 }}>
            Actions
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions.canUpdate && (
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                startIcon={doc.isPinned ? <PushPinOutlinedIcon /> : <PushPinIcon />}
                onClick={() => actions.onPin(!doc.isPinned)}
              >
                {doc.isPinned ? 'Unpin' : 'Pin'}
              </Button>
            )}
            {actions.canUpdate && (
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                startIcon={doc.locked ? <LockOpenIcon /> : <LockIcon />}
                onClick={() => actions.onLock(!doc.locked)}
              >
                {doc.locked ? 'Unlock' : 'Lock'}
              </Button>
            )}
            {actions.canReassign && (
              <Button
                size="small"
                variant="outlined"
                disabled={busy || contentFrozen}
                startIcon={<PersonAddAltIcon />}
                onClick={actions.onReassign}
                {...(contentFrozen ? { 'aria-describedby': 'frozen-content-hint' } : {})}
              >
                Reassign
              </Button>
            )}
            {actions.canHide && (
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                startIcon={doc.isHidden ? <VisibilityOutlinedIcon /> : <VisibilityOffOutlinedIcon />}
                onClick={() => actions.onHide(!doc.isHidden)}
              >
                {doc.isHidden ? 'Unhide' : 'Hide'}
              </Button>
            )}
            {actions.canTrash && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                disabled={busy}
                startIcon={<DeleteOutlineIcon />}
                onClick={actions.onTrash}
              >
                Move to trash
              </Button>
            )}
          </Stack>
          {contentFrozen && (
            <Typography
              id="frozen-content-hint"
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ mt: 1 }}
            >
              A {doc.status} document's content cannot change.
              {actions.canUnsign
                ? ` ${doc.status === 'acknowledged' ? 'Un-acknowledge' : 'Un-sign'} it to correct or reassign it.`
                : ''}
            </Typography>
          )}
        </Box>
      )}

      <Divider />
      <DocumentComments
        documentId={id}
        userId={comments.userId}
        canComment={comments.canComment}
        recipients={comments.recipients}
        nameOf={comments.nameOf}
      />
    </Stack>
  );
}
