import Popover from '@mui/material/Popover';
import { HEADER_HEIGHT_PX, TOAST_CLEARANCE_VAR } from '../../../lib/constants';
import type { NotificationList } from '../hooks/use-notification-list';
import type { NotificationItem } from '../types';
import { NotificationPanel } from './notification-panel';

type NotificationPopoverProps = {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  panelId: string;
  headingId: string;
  list: NotificationList;
  lookUpDocuments: boolean;
  onOpenItem: (item: NotificationItem) => void;
  onOpenPreferences: () => void;
};

/** The bell's notification list in a popover under it (its own chunk: the inbox shows without it). */
export function NotificationPopover({
  open,
  anchorEl,
  onClose,
  panelId,
  headingId,
  list,
  lookUpDocuments,
  onOpenItem,
  onOpenPreferences,
}: NotificationPopoverProps) {
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          id: panelId,
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: {
            mt: 1,
            display: 'flex',
            flexDirection: 'column',
            // Ends above the toasts at the bottom-left, so they never cover the list's last row.
            maxHeight: `calc(100dvh - ${HEADER_HEIGHT_PX + 24}px - var(${TOAST_CLEARANCE_VAR}, 0px))`,
          },
        },
      }}
    >
      <NotificationPanel
        list={list}
        headingId={headingId}
        lookUpDocuments={lookUpDocuments}
        onOpenItem={onOpenItem}
        onOpenPreferences={onOpenPreferences}
      />
    </Popover>
  );
}
