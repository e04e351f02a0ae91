import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type BulkSignDialogProps = {
  open: boolean;
  count: number;
  note: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Signing many documents at once is confirmed first: it cannot be taken back in one step. */
export function BulkSignDialog({ open, count, note, onCancel, onConfirm }: BulkSignDialogProps) {
  const documents = `${count} ${count === 1 ? 'document' : 'documents'}`;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="bulk-sign-title" maxWidth="xs" fullWidth>
      <DialogTitle id="bulk-sign-title">Sign {documents}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Each checked document is signed in your name with the note '{note}'. Alerts are never bulk-signed.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          Sign {documents}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
