import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type BulkSigningPlan, describeBulkSigningPlan } from '../bulk-signing-plan';
import type { SigningRunKind } from '../hooks/use-signing-run';

type BulkSignDialogProps = {
  open: boolean;
  kind: SigningRunKind;
  /** undefined while Sign all is still counting the documents */
  plan: BulkSigningPlan | undefined;
  /** Sign all could not read the documents */
  failed?: boolean;
  /** Sign all reads at most so many; the rest waits for another run */
  cappedAt?: number | undefined;
  note: string;
  /** the clinic's bulk-signing rule in plain words (describeBulkSigning) */
  rule: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Bulk sign and Sign all say exactly what they will do before they start: how many documents, how many
 * alerts by level, the note, the clinics, and what is left out (high alerts, always), in the words of the
 * rule the server applies. Signing many documents cannot be taken back in one step.
 */
export function BulkSignDialog({
  open,
  kind,
  plan,
  failed,
  cappedAt,
  note,
  rule,
  onCancel,
  onConfirm,
}: BulkSignDialogProps) {
  const count = plan?.ids.length ?? 0;
  const documents = `${count} ${count === 1 ? 'document' : 'documents'}`;
  const words = plan ? describeBulkSigningPlan(plan, { note }) : undefined;
  const title = kind === 'all' ? 'Sign all unsigned documents?' : `Sign ${documents}?`;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="bulk-sign-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-sign-title">{title}</DialogTitle>
      <DialogContent>
        {kind === 'all' && !plan && !failed && (
          <Box role="status" sx={{ py: 1 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Counting the unsigned documents of this list…
            </Typography>
            <LinearProgress aria-label="Counting the documents" />
          </Box>
        )}
        {failed && <Alert severity="error">The documents could not be counted. Try again.</Alert>}
        {words && (
          <>
            <DialogContentText sx={{ mb: 1.5 }}>
              {kind === 'all'
                ? 'Every unsigned document of this list that may be signed in bulk is signed in your name, newest date of service first, 50 at a time. Unassigned documents are reassigned to you first. You can cancel between batches.'
                : 'The checked documents are signed in your name. You can cancel between batches.'}
            </DialogContentText>
            <Box
              component="dl"
              data-testid="bulk-sign-summary"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.75,
              }}
            >
              {words.rows.map((row) => (
                <Box key={row.label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="textSecondary">
                    {row.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                    {row.value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {words.leftOut.length > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="bulk-sign-left-out">
                {words.leftOut.map((line) => (
                  <Box component="span" key={line} sx={{ display: 'block' }}>
                    {line}
                  </Box>
                ))}
              </Alert>
            )}
            {cappedAt !== undefined && (
              <Alert severity="info" sx={{ mt: 2 }}>
                This run takes the {cappedAt.toLocaleString('en-US')} newest documents. Run Sign all again for
                the rest.
              </Alert>
            )}
            {count === 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                Nothing here can be signed in bulk.
              </Alert>
            )}
            {rule && (
              <Typography
                variant="caption"
                color="textSecondary"
                component="p"
                sx={{ mt: 2 }}
                data-testid="bulk-sign-rule"
              >
                {rule}.
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} disabled={count === 0} autoFocus>
          Sign {documents}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
