import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';

type ReportProblemDialogProps = {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (text: string) => void;
};

/** Asks what is wrong with the document; the text is emptied once the dialog has closed. */
export function ReportProblemDialog({ open, pending, onCancel, onSubmit }: ReportProblemDialogProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onSubmit(text.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="report-problem-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setText('') } }}
    >
      <form onSubmit={submit}>
        <DialogTitle id="report-problem-title">Report a problem</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            The document is marked with a system error and the problem is added to its comments.
          </Typography>
          <TextField
            label="Describe the problem"
            multiline
            minRows={3}
            fullWidth
            required
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!text.trim() || pending}>
            Report problem
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
