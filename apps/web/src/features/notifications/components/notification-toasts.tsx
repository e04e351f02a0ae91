import CloseIcon from '@mui/icons-material/Close';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import { TOAST_DEFAULT_DURATION_MS } from '@portal/domain';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { TOAST_CLEARANCE_VAR } from '../../../lib/constants';
import type { Toast } from '../toast-queue';

/** Gap kept between the toasts and what must stay clear of them. */
const CLEARANCE_GAP_PX = 8;

function ToastItem({
  toast,
  onOpen,
  onDismiss,
}: {
  toast: Toast;
  onOpen: (toast: Toast) => void;
  onDismiss: (key: number) => void;
}) {
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
      sx={{
        boxShadow: 6,
        alignItems: 'center',
        maxWidth: 420,
        wordBreak: 'break-word',
        '& .MuiAlert-message': { p: 0, flex: 1, minWidth: 0 },
      }}
    >
      {/* The title opens the notification (or the list, when it is not at hand). */}
      <ButtonBase
        onClick={() => onOpen(toast)}
        sx={{
          display: 'block',
          width: '100%',
          py: 1,
          textAlign: 'left',
          font: 'inherit',
          color: 'inherit',
          borderRadius: 0.5,
          '&:hover': { textDecoration: 'underline' },
          '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
        }}
      >
        {toast.message}
      </ButtonBase>
    </Alert>
  );
}

/**
 * Publishes how much of the viewport's bottom the toasts take as a CSS custom property on <html>, so the
 * notification list can keep its last row clear of them.
 */
function usePublishedClearance(stack: React.RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = stack.current;
    if (!showing || !element) {
      root.style.setProperty(TOAST_CLEARANCE_VAR, '0px');
      return;
    }
    const publish = () => {
      const box = element.getBoundingClientRect();
      const clearance = Math.max(0, window.innerHeight - box.top) + CLEARANCE_GAP_PX;
      root.style.setProperty(TOAST_CLEARANCE_VAR, `${Math.ceil(clearance)}px`);
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.setProperty(TOAST_CLEARANCE_VAR, '0px');
    };
  }, [stack, showing]);
}

/**
 * The toast stack for new notifications (SPEC §9): bottom-left, at most three at once, 5 s each; a click
 * on one opens its notification. It is apart from the bottom-right snackbars, which carry errors and results.
 */
export function NotificationToasts({
  toasts,
  onOpen,
  onDismiss,
}: {
  toasts: readonly Toast[];
  onOpen: (toast: Toast) => void;
  onDismiss: (key: number) => void;
}) {
  const stack = useRef<HTMLDivElement>(null);
  usePublishedClearance(stack, toasts.length > 0);
  return (
    <Box
      ref={stack}
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
        <ToastItem key={toast.key} toast={toast} onOpen={onOpen} onDismiss={onDismiss} />
      ))}
    </Box>
  );
}
