import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  appendNote,
  buildReportPdfFilename,
  DOCUMENT_TYPE_LABELS,
  isContentFrozen,
  NOTE_MAX_LENGTH,
  truncateNote,
} from '@portal/domain';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { useDocumentPdf } from '../api/get-document-pdf';
import type { DocumentResource } from '../document-resource';
import { type CommentPerson, DocumentComments } from './document-comments';
import { PdfViewer } from './pdf-viewer';
import { StatusChip } from './status-chip';

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
  recipients: CommentPerson[];
  nameOf: (userId: string) => string;
};

type DocumentPanelProps = {
  document: DocumentResource;
  note: string;
  onNoteChange: (note: string) => void;
  actions: DocumentPanelActions;
  /** Quick-insert prompts for the note (the user's signature settings for this service line). */
  prompts: readonly string[];
  /** Signed with Ctrl+Enter when the note is empty. */
  quickSignNote: string;
  /** The name to show for the signedBy user id. */
  signerName: (signedBy: string) => string;
  comments: DocumentPanelComments;
};

function formatDate(value: string | null | undefined, pattern = 'MM/dd/yyyy'): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, pattern);
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The selected document: patient and device, alert, note editor, actions, and the PDF. */
export function DocumentPanel({
  document,
  note,
  onNoteChange,
  actions,
  prompts,
  quickSignNote,
  signerName,
  comments,
}: DocumentPanelProps) {
  const { id, attributes: doc } = document;
  const pdf = useDocumentPdf(id, doc.status);
  const patientName = `${doc.patientFirstName} ${doc.patientLastName}`;
  const typeLabel = (DOCUMENT_TYPE_LABELS as Record<string, string>)[doc.type] ?? doc.type;
  const isUnsigned = doc.status === 'unsigned';
  const isDone = doc.status === 'signed' || doc.status === 'acknowledged';
  // The server refuses changes to a signed or acknowledged document's content (reassigning included).
  const contentFrozen = isContentFrozen(doc.status);
  const busy = doc.status === 'signing' || doc.status === 'acknowledging';
  const device = doc.deviceDetail;
  const filename = buildReportPdfFilename(doc);
  const noteLength = note.length;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="selected-document-heading"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="selected-document-heading" component="h2" variant="h6" sx={{ mr: 'auto' }}>
          {patientName}
          <Typography component="span" color="textSecondary" sx={{ ml: 1 }}>
            {typeLabel}
          </Typography>
        </Typography>
        <StatusChip status={doc.status} />
        {doc.locked && <Chip size="small" icon={<LockIcon />} label="Locked" />}
        {doc.isPinned && <Chip size="small" icon={<PushPinIcon />} label="Pinned" />}
        {doc.isHidden && <Chip size="small" icon={<VisibilityOffOutlinedIcon />} label="Hidden" />}
        {doc.systemError && <Chip size="small" color="warning" label="System error" />}
      </Stack>

      {doc.alert && (
        <Alert severity={doc.alert === 'high' ? 'error' : 'warning'} aria-label="Alert">
          <strong>{doc.alert.charAt(0).toUpperCase() + doc.alert.slice(1)} alert</strong>
          {doc.alertType && ` · ${doc.alertType}`}
          {doc.alertText && (
            <Box component="span" sx={{ display: 'block' }}>
              {doc.alertText}
            </Box>
          )}
        </Alert>
      )}

      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        }}
      >
        <Detail label="Patient ID">{doc.patientId}</Detail>
        <Detail label="Date of birth">{formatDate(doc.patientDob)}</Detail>
        <Detail label="Date of service">{formatDate(doc.dos)}</Detail>
        <Detail label="Service line">{doc.serviceLine.toUpperCase()}</Detail>
        <Detail label="Device">{doc.device}</Detail>
        <Detail label="Manufacturer">{device?.manufacturer}</Detail>
        <Detail label="Model">{device?.modelName}</Detail>
        <Detail label="Serial number">{device?.serialNumber}</Detail>
        <Detail label="Leads">{device?.chambers}</Detail>
        <Detail label="Implant date">{formatDate(device?.implantDate)}</Detail>
        <Detail label="Clinic">{doc.clinicName}</Detail>
        {doc.signedBy && (
          <Detail label={doc.status === 'acknowledged' ? 'Acknowledged by' : 'Signed by'}>
            {signerName(doc.signedBy)}
            {doc.signedAt && `, ${formatDate(doc.signedAt, 'MM/dd/yyyy hh:mm aaa')}`}
          </Detail>
        )}
      </Box>

      {doc.note && (
        <Box>
          <Typography variant="caption" color="textSecondary">
            Provider note
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="document-note">
            {doc.note}
          </Typography>
        </Box>
      )}

      {isUnsigned && (actions.canSign || actions.canAcknowledge) && (
        <Box>
          <TextField
            label="Note"
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            value={note}
            onChange={(event) => onNoteChange(truncateNote(event.target.value))}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH, 'aria-describedby': 'note-counter' } }}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>
                  Added to the document's note. Ctrl+Enter {actions.canSign ? 'signs' : 'acknowledges'}
                  {quickSignNote ? ` (empty: '${quickSignNote}')` : ''}.
                </span>
                <span id="note-counter" aria-live="polite">
                  {noteLength} / {NOTE_MAX_LENGTH}
                </span>
              </Box>
            }
          />
          <Stack
            direction="row"
            spacing={1}
            aria-label="Quick-insert prompts"
            role="group"
            sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}
          >
            {prompts.map((prompt) => (
              <Chip
                key={prompt}
                label={prompt}
                variant="outlined"
                onClick={() => onNoteChange(appendNote(note, prompt))}
                aria-label={`Insert '${prompt}'`}
              />
            ))}
          </Stack>
        </Box>
      )}

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {isUnsigned && actions.canSign && (
          <Button variant="contained" onClick={actions.onSign} disabled={doc.locked}>
            Sign
          </Button>
        )}
        {isUnsigned && actions.canAcknowledge && (
          <Button
            variant={actions.canSign ? 'outlined' : 'contained'}
            onClick={actions.onAcknowledge}
            disabled={doc.locked}
          >
            Acknowledge
          </Button>
        )}
        {isDone && actions.canUnsign && (
          <Button variant="outlined" onClick={actions.onUnsign}>
            {doc.status === 'acknowledged' ? 'Un-acknowledge' : 'Un-sign'}
          </Button>
        )}
        {actions.canUpdate && (
          <Button
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
            variant="outlined"
            color="error"
            disabled={busy}
            startIcon={<DeleteOutlineIcon />}
            onClick={actions.onTrash}
          >
            Move to trash
          </Button>
        )}
        <Button
          variant="text"
          startIcon={<DownloadIcon />}
          disabled={!pdf.data || pdf.isPlaceholderData}
          onClick={() => pdf.data && !pdf.isPlaceholderData && downloadBlob(pdf.data, filename)}
          sx={{ ml: 'auto' }}
        >
          Download
        </Button>
      </Stack>
      {contentFrozen && (
        <Typography id="frozen-content-hint" variant="caption" color="text.secondary">
          A {doc.status} document's content cannot change.
          {actions.canUnsign
            ? ` ${doc.status === 'acknowledged' ? 'Un-acknowledge' : 'Un-sign'} it to correct or reassign it.`
            : ''}
        </Typography>
      )}

      <Divider />
      <DocumentComments
        documentId={id}
        userId={comments.userId}
        canComment={comments.canComment}
        recipients={comments.recipients}
        nameOf={comments.nameOf}
      />
      <Divider />

      {pdf.isError && <Alert severity="error">The PDF could not be loaded.</Alert>}
      {pdf.data ? <PdfViewer data={pdf.data} title={`${typeLabel} of ${patientName}`} /> : null}
    </Paper>
  );
}
