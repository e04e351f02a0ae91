import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatUsDateTime } from '@portal/domain';
import { useId, useRef } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import type { PasswordTicket } from '../api/create-password-ticket';

type PasswordLinkDialogProps = {
  link: (PasswordTicket & { name: string }) | null;
  open: boolean;
  onClose: () => void;
};

/** Shows a one-time password-change link to pass on to the user, with a copy button. */
export function PasswordLinkDialog({ link, open, onClose }: PasswordLinkDialogProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.ticket);
      enqueueSnackbar('Link copied.', { variant: 'success' });
    } catch {
      // No clipboard access (permissions, insecure context): select it for a manual copy.
      inputRef.current?.select();
      enqueueSnackbar('Select the link and press Ctrl+C to copy it.', { variant: 'info' });
    }
  };

  return (
    <Dialog open={open && link !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Password-change link for {link?.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Send this link to {link?.name} by a channel you trust. It works once, until{' '}
          {link ? formatUsDateTime(link.expiresAt) : ''}, and lets them set a new password.
        </DialogContentText>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label="Password-change link"
            value={link?.ticket ?? ''}
            fullWidth
            size="small"
            inputRef={inputRef}
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            sx={{ flexShrink: 0, height: 40 }}
          >
            Copy link
          </Button>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
