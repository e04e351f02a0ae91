import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NOTE_MAX_LENGTH } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import type { NamedPerson } from '../inbox-format';

type ReassignDialogProps = {
  open: boolean;
  count: number;
  providers: NamedPerson[];
  loading: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (input: { reassignTo: string; note: string }) => void;
};

/** Reassigns the checked (or the selected) documents to one of the clinic's providers. */
export function ReassignDialog({
  open,
  count,
  providers,
  loading,
  pending,
  onCancel,
  onConfirm,
}: ReassignDialogProps) {
  const [reassignTo, setReassignTo] = useState('');
  const [note, setNote] = useState('');
  const documents = `${count} ${count === 1 ? 'document' : 'documents'}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reassignTo) onConfirm({ reassignTo, note: note.trim() });
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="reassign-title"
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setReassignTo('');
            setNote('');
          },
        },
      }}
    >
      <form onSubmit={submit}>
        <DialogTitle id="reassign-title">Reassign {documents}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>The documents move to the chosen provider's inbox.</DialogContentText>
            <TextField
              select
              required
              label="Provider"
              value={reassignTo}
              onChange={(event) => setReassignTo(event.target.value)}
              helperText={
                loading ? 'Loading providers…' : providers.length === 0 ? 'No providers found.' : ' '
              }
            >
              {providers.map((provider) => (
                <MenuItem key={provider.id} value={provider.id}>
                  {provider.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Note (optional)"
              multiline
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!reassignTo || pending}>
            Reassign
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
