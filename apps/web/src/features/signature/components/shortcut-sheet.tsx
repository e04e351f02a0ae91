import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { INBOX_SHORTCUTS } from '../inbox-shortcuts';

type ShortcutSheetProps = {
  open: boolean;
  onClose: () => void;
  autoAdvance: boolean;
  onAutoAdvanceChange: (value: boolean) => void;
};

/** '?': every inbox shortcut, and the preference of what happens after signing. */
export function ShortcutSheet({ open, onClose, autoAdvance, onAutoAdvanceChange }: ShortcutSheetProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcut-sheet-title" maxWidth="sm" fullWidth>
      <DialogTitle id="shortcut-sheet-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          aria-label="Inbox shortcuts"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 1,
            alignItems: 'baseline',
          }}
        >
          {INBOX_SHORTCUTS.map((shortcut) => (
            <Fragment key={shortcut.action}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {shortcut.keys.map((key) => (
                  <Box
                    component="kbd"
                    key={key}
                    sx={{
                      fontFamily: 'inherit',
                      fontSize: 13,
                      fontWeight: 600,
                      px: 0.75,
                      py: 0.125,
                      border: 1,
                      borderColor: 'grey.400',
                      borderBottomWidth: 2,
                      borderRadius: 1,
                      bgcolor: 'grey.50',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {key}
                  </Box>
                ))}
              </Box>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {shortcut.label}
              </Typography>
            </Fragment>
          ))}
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
          After signing
        </Typography>
        <FormControlLabel
          control={
            <Switch checked={autoAdvance} onChange={(event) => onAutoAdvanceChange(event.target.checked)} />
          }
          label="Open the next document after signing or acknowledging"
        />
        <Typography variant="caption" color="textSecondary" component="p">
          Remembered in this browser. Off, the signed document stays open and j or ↓ moves on.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
