import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type DeleteCommentDialogProps = {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Confirms deleting one's own comment: it goes for everyone. */
export function DeleteCommentDialog({ open, pending, onCancel, onConfirm }: DeleteCommentDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-comment-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-comment-title">Delete your comment?</DialogTitle>
      <DialogContent>
        <DialogContentText>The comment is removed from the document for everyone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
