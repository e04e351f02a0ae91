import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SigningRun } from '../hooks/use-signing-run';

type SigningProgressProps = {
  run: SigningRun | undefined;
  onCancel: () => void;
  onDismiss: () => void;
};

/** A Bulk sign or Sign all run: a progress bar, the SPEC §4 counts (success, fail, cancelled) and Cancel. */
export function SigningProgress({ run, onCancel, onDismiss }: SigningProgressProps) {
  if (!run) return null;
  const { progress, running, kind } = run;
  const name = kind === 'all' ? 'Sign all' : 'Bulk sign';
  return (
    <Box
      sx={{ px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      data-testid="signing-progress"
      data-kind={kind}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="caption" id="signing-progress-label" role="status" sx={{ fontWeight: 600 }}>
          {running
            ? `${name}: signing ${progress.processed} of ${progress.total}`
            : `${name} finished: ${progress.processed} of ${progress.total}`}
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
        variant="determinate"
        value={progress.total > 0 ? (progress.processed / progress.total) * 100 : 0}
        aria-labelledby="signing-progress-label"
        sx={{ my: 0.5 }}
      />
      <Typography variant="caption" color="textSecondary" component="p" data-testid="signing-counts">
        Success {progress.success} · Fail {progress.fail} · Cancelled {progress.cancelled}
      </Typography>
    </Box>
  );
}
