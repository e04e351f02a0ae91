import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SignAllProgress } from '../sign-all';

type SignAllProgressBarProps = {
  progress: SignAllProgress | undefined;
  running: boolean;
  onCancel: () => void;
  onDismiss: () => void;
};

/** The sign-all run: a progress bar with the success / fail / cancelled counts, and Cancel. */
export function SignAllProgressBar({ progress, running, onCancel, onDismiss }: SignAllProgressBarProps) {
  if (!running && !progress) return null;
  const total = progress?.total ?? 0;
  const processed = progress?.processed ?? 0;
  return (
    <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="sign-all-progress">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <Typography variant="caption" id="sign-all-progress-label" role="status">
          {running ? `Signing all: ${processed} of ${total}` : `Sign all finished: ${processed} of ${total}`}
        </Typography>
        {running ? (
          <Button size="small" color="inherit" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Button size="small" color="inherit" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </Box>
      <LinearProgress
        variant={progress ? 'determinate' : 'indeterminate'}
        value={total > 0 ? (processed / total) * 100 : 0}
        aria-labelledby="sign-all-progress-label"
        sx={{ my: 0.5 }}
      />
      <Typography variant="caption" color="textSecondary" component="p" data-testid="sign-all-counts">
        Success {progress?.success ?? 0} · Fail {progress?.fail ?? 0} · Cancelled {progress?.cancelled ?? 0}
      </Typography>
    </Box>
  );
}

type SignAllDialogProps = { open: boolean; note: string; onCancel: () => void; onConfirm: () => void };

/** Sign all is confirmed first: it signs every unsigned document of the clinic, page after page. */
export function SignAllDialog({ open, note, onCancel, onConfirm }: SignAllDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="sign-all-title" maxWidth="xs" fullWidth>
      <DialogTitle id="sign-all-title">Sign all unsigned documents?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Every unsigned document in this inbox is signed in your name with the note '{note}', 50 at a time,
          newest date of service first. Unassigned documents are reassigned to you first. You can cancel
          between batches.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          Sign all
        </Button>
      </DialogActions>
    </Dialog>
  );
}
