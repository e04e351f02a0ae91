import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UNSIGN_REASON_MAX_LENGTH } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { emrDeliveryQueryOptions } from '../api/get-emr-delivery';
import type { DocumentResource } from '../document-resource';

type UnsignDialogProps = {
  document: DocumentResource | undefined;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/**
 * Asks to confirm an un-signing (or un-acknowledging) and why (issue 30 §3): the reason is required and kept
 * in the audit trail. When the signed copy reached the EMR, it says so: the EMR's copy will be marked
 * entered-in-error, and signing again sends a replacement.
 */
export function UnsignDialog({ document, open, pending, onCancel, onConfirm }: UnsignDialogProps) {
  const [reason, setReason] = useState('');
  const acknowledged = document?.attributes.status === 'acknowledged';
  const verb = acknowledged ? 'Un-acknowledge' : 'Un-sign';
  const delivery = useQuery({
    ...emrDeliveryQueryOptions(document?.id ?? ''),
    enabled: open && Boolean(document),
    meta: { silent: true },
  });
  const inEmr = delivery.data?.state === 'delivered' ? delivery.data : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  const patient = document
    ? `${document.attributes.patientFirstName} ${document.attributes.patientLastName}`
    : '';
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="unsign-title"
      aria-describedby="unsign-description"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <form onSubmit={submit}>
        <DialogTitle id="unsign-title">{verb} this document?</DialogTitle>
        <DialogContent>
          <Typography id="unsign-description" variant="body2" sx={{ mb: 2 }}>
            {`The ${patient} document goes back to unsigned. The signed copy stays in the audit trail.`}
          </Typography>
          {inEmr && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="unsign-emr-warning">
              {`The signed copy was sent to the EMR${inEmr.emrId ? ` (id ${inEmr.emrId})` : ''}. ${verb}ing marks that copy entered-in-error in the EMR; signing again sends a replacement.`}
            </Alert>
          )}
          <TextField
            label="Reason"
            helperText="Required. Kept in the document's history."
            multiline
            minRows={2}
            fullWidth
            required
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: UNSIGN_REASON_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" disabled={!reason.trim() || pending}>
            {verb}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
