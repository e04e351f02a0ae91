import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { NOTE_MAX_LENGTH } from '@portal/domain';
import { type FormEvent, useState } from 'react';

type TrashDialogProps = {
  open: boolean;
  documentName: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
};

/** Moving a document to the trash needs a note saying why. */
export function TrashDialog({ open, documentName, pending, onCancel, onConfirm }: TrashDialogProps) {
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim()) onConfirm(note.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="trash-title"
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setNote('') } }}
    >
      <form onSubmit={submit}>
        <DialogTitle id="trash-title">Move to trash?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {documentName} leaves the inbox. Say why; the note is kept with the document.
          </DialogContentText>
          <TextField
            label="Reason"
            required
            multiline
            minRows={2}
            fullWidth
            autoFocus
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={!note.trim() || pending}>
            Move to trash
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
