import CloseIcon from '@mui/icons-material/Close';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { TOAST_DEFAULT_DURATION_MS } from '@portal/domain';
import { useEffect } from 'react';
import type { Toast } from '../toast-queue';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (key: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.key), TOAST_DEFAULT_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.key, onDismiss]);
  return (
    <Alert
      role="status"
      data-testid="notification-toast"
      severity="info"
      variant="filled"
      icon={<NotificationsActiveIcon fontSize="inherit" />}
      action={
        <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={() => onDismiss(toast.key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
      sx={{ boxShadow: 6, alignItems: 'center', maxWidth: 420, wordBreak: 'break-word' }}
    >
      {toast.message}
    </Alert>
  );
}

/**
 * The toast stack for new notifications (SPEC §9): bottom-left, at most three at once, 5 s each. It is
 * apart from the bottom-right snackbars, which carry errors and results.
 */
export function NotificationToasts({
  toasts,
  onDismiss,
}: {
  toasts: readonly Toast[];
  onDismiss: (key: number) => void;
}) {
  return (
    <Box
      role="region"
      aria-label="New notifications"
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: 24 },
        bottom: { xs: 8, sm: 24 },
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column-reverse',
        gap: 1,
        pointerEvents: toasts.length > 0 ? 'auto' : 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.key} toast={toast} onDismiss={onDismiss} />
      ))}
    </Box>
  );
}
