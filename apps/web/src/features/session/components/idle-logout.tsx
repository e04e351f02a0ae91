import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import {
  CONTINUE_WORKING_LABEL,
  formatCountdown,
  IDLE_NOTICE_MESSAGE,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_COUNTDOWN_SECONDS,
} from '@portal/domain';
import { useCallback } from 'react';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { HEADER_HEIGHT_PX, TOOLBAR_HEIGHT_PX } from '../../../lib/constants';
import { useIdleTimer } from '../hooks/use-idle-timer';

/**
 * SPEC §4 Idle: after 20 minutes without activity a notice that does not hide by itself counts down
 * 5 minutes; any click, key press or wheel event (or its button) dismisses it, and at zero the user is
 * signed out, provider session included.
 */
export function IdleLogout() {
  const signOut = useSignOut();
  const onTimeout = useCallback(() => void signOut(), [signOut]);
  const { isWarning, remainingSeconds, stayActive } = useIdleTimer({
    timeoutMs: IDLE_TIMEOUT_MS,
    countdownSeconds: IDLE_WARNING_COUNTDOWN_SECONDS,
    onTimeout,
  });

  return (
    <Snackbar
      open={isWarning}
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
            onClick={stayActive}
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
