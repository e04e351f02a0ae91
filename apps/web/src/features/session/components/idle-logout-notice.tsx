import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { CONTINUE_WORKING_LABEL, formatCountdown, IDLE_NOTICE_MESSAGE } from '@portal/domain';
import { HEADER_HEIGHT_PX, TOOLBAR_HEIGHT_PX } from '../../../lib/constants';

type IdleLogoutNoticeProps = {
  open: boolean;
  remainingSeconds: number;
  onStayActive: () => void;
};

/**
 * The idle notice itself (SPEC §4 Idle), drawn with MUI: a module of its own, loaded by idle-logout.tsx
 * only for a user who went idle, so the first screen's JavaScript carries no MUI (issue 11 §10).
 */
export function IdleLogoutNotice({ open, remainingSeconds, onStayActive }: IdleLogoutNoticeProps) {
  return (
    <Snackbar
      open={open}
      // Below the header and page title bar, where it is seen on return; the ordinary snackbars stay bottom right.
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{
        top: { xs: HEADER_HEIGHT_PX + TOOLBAR_HEIGHT_PX + 8, sm: HEADER_HEIGHT_PX + TOOLBAR_HEIGHT_PX + 16 },
      }}
    >
      <Alert
        severity="warning"
        variant="outlined"
        sx={{ bgcolor: 'background.paper', boxShadow: 6, alignItems: 'center', maxWidth: 560 }}
        action={
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={onStayActive}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {CONTINUE_WORKING_LABEL}
          </Button>
        }
      >
        <Box component="span" sx={{ whiteSpace: 'pre-wrap', display: 'block' }} data-idle-message>
          {IDLE_NOTICE_MESSAGE}
        </Box>
        <Box
          component="span"
          role="timer"
          aria-label="Time left before logout"
          sx={{ display: 'block', fontWeight: 700, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}
        >
          {formatCountdown(remainingSeconds)}
        </Box>
      </Alert>
    </Snackbar>
  );
}
