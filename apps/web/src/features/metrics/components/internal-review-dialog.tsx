import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { documentTypeLabel, type EscalationQueueItem, formatUsDateTimeToMinute } from '@portal/domain';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useAddInternalReview } from '../api/add-internal-review';

/** SPEC §9: notes are at most 900 characters. */
const NOTE_MAX = 900;

/**
 * "Mark reviewed internally" (issue 17 §1): the provider company notes that it looked at a document in the
 * queue (what it found, whom it called). The document stays unsigned; the note shows in its row.
 */
export function InternalReviewDialog({ item, onClose }: { item: EscalationQueueItem; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const review = useAddInternalReview();
  const level = item.alert ? ` (${item.alert} alert)` : '';
  const what = `${documentTypeLabel(item.type)}${level} at ${item.clinicName}, received ${formatUsDateTimeToMinute(item.receivedAt)}`;
  return (
    <FormDialog
      open
      title="Mark reviewed internally"
      submitLabel="Mark reviewed"
      saving={review.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const text = note.trim();
        if (!text) {
          setError('Write what was reviewed.');
          return;
        }
        review.mutate(
          { documentId: item.documentId, note: text },
          {
            onSuccess: () => {
              enqueueSnackbar('Marked reviewed internally.', { variant: 'success' });
              onClose();
            },
            onError: (failure) => setError(failure.message),
          },
        );
      }}
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {what}. The document stays unsigned in the clinic's inbox; the note is kept with it.
      </Typography>
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label="Note"
        required
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? `${note.length} / ${NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
      />
    </FormDialog>
  );
}
