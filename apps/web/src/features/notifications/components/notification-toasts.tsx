import { TOAST_DEFAULT_DURATION_MS } from '@portal/domain';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { IconButton } from '../../../components/ui/button';
import { CloseIcon, NotificationsActiveIcon } from '../../../components/ui/icons';
import { TOAST_CLEARANCE_VAR } from '../../../lib/constants';
import type { Toast } from '../toast-queue';
import './notification-toasts.css';

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
  // MUI's filled info Alert, as the toasts were drawn: icon, the title (a button), then Dismiss.
  return (
    <div role="status" data-testid="notification-toast" className="notification-toast">
      <div className="notification-toast__icon">
        <NotificationsActiveIcon fontSize="inherit" />
      </div>
      <div className="notification-toast__message">
        {/* The title opens the notification (or the list, when it is not at hand). */}
        <button type="button" className="notification-toast__open" onClick={() => onOpen(toast)}>
          {toast.message}
        </button>
      </div>
      <div className="notification-toast__action">
        <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={() => onDismiss(toast.key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </div>
    </div>
  );
}

/**
 * Publishes how much of the viewport's bottom the toasts take as a CSS custom property on <html>, so the
 * notification list can keep its last row clear of them.
 */
function usePublishedClearance(stack: RefObject<HTMLElement | null>, showing: boolean) {
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
  const stack = useRef<HTMLElement>(null);
  usePublishedClearance(stack, toasts.length > 0);
  return (
    // A named <section>: the region landmark the toasts are announced and found in.
    <section
      ref={stack}
      aria-label="New notifications"
      className={
        toasts.length > 0 ? 'notification-toasts notification-toasts--showing' : 'notification-toasts'
      }
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.key} toast={toast} onOpen={onOpen} onDismiss={onDismiss} />
      ))}
    </section>
  );
}
