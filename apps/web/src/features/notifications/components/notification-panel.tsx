import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NOTIFICATIONS_FETCH_ERROR_MESSAGE } from '@portal/domain';
import { useState } from 'react';
import type { NotificationList } from '../hooks/use-notification-list';
import type { NotificationItem } from '../types';
import { NotificationListItem } from './notification-list-item';

type NotificationPanelProps = {
  list: NotificationList;
  headingId: string;
  lookUpDocuments: boolean;
  onOpenItem: (item: NotificationItem) => void;
  onOpenPreferences: () => void;
};

function EmptyState({ unreadOnly }: { unreadOnly: boolean }) {
  return (
    <Box sx={{ py: 5, px: 3, textAlign: 'center', color: 'text.secondary' }}>
      <NotificationsNoneIcon aria-hidden sx={{ fontSize: 40, mb: 1, opacity: 0.6 }} />
      <Typography variant="body2">
        {unreadOnly ? 'You have no unread notifications.' : 'You have no notifications.'}
      </Typography>
    </Box>
  );
}

/** The notification list (SPEC §2, §4): unread-only toggle, bulk actions, the items and 'Load more'. */
export function NotificationPanel({
  list,
  headingId,
  lookUpDocuments,
  onOpenItem,
  onOpenPreferences,
}: NotificationPanelProps) {
  const [bulkBusy, setBulkBusy] = useState(false);
  const runBulk = (action: () => Promise<unknown>) => {
    setBulkBusy(true);
    void action().finally(() => setBulkBusy(false));
  };
  const hasRead = !list.unreadOnly && list.items.some((item) => item.isRead);
  return (
    <Box
      sx={{
        width: { xs: 'calc(100vw - 32px)', sm: 440 },
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        flex: '1 1 auto',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.1rem' }}>
          Notifications
        </Typography>
        <Typography variant="body2" color="textSecondary" aria-live="polite" data-testid="unread-summary">
          {list.unreadCount === 0 ? 'All read' : `${list.unreadCount} unread`}
        </Typography>
        <Tooltip title="Notification preferences">
          <IconButton size="small" aria-label="Notification preferences" onClick={onOpenPreferences}>
            <SettingsOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          columnGap: 1,
          px: 2,
          pb: 1,
        }}
      >
        <FormControlLabel
          sx={{ mr: 'auto' }}
          control={
            <Switch
              size="small"
              checked={list.unreadOnly}
              onChange={(event) => list.setUnreadOnly(event.target.checked)}
            />
          }
          label={<Typography variant="body2">Unread only</Typography>}
        />
        <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
          <Button
            size="small"
            disabled={bulkBusy || list.unreadCount === 0}
            onClick={() => runBulk(list.markAllRead)}
          >
            Mark all read
          </Button>
          <Button
            size="small"
            color="inherit"
            // In an unread-only list no read ones are shown, but some may exist: the action stays offered.
            disabled={bulkBusy || (!list.unreadOnly && !hasRead)}
            onClick={() => runBulk(list.deleteAllRead)}
          >
            Delete all read
          </Button>
        </Box>
      </Box>
      <Divider />
      <Box
        // Shrinks with the popover when toasts take the bottom of the screen.
        sx={{
          maxHeight: { xs: '60vh', sm: 'min(520px, 65vh)' },
          minHeight: 0,
          flex: '1 1 auto',
          overflowY: 'auto',
        }}
        aria-busy={list.status === 'loading' || list.loadingMore}
      >
        {list.status === 'loading' && (
          <Box
            role="status"
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 5 }}
          >
            <CircularProgress size={22} aria-hidden />
            <Typography variant="body2" color="textSecondary">
              Loading notifications…
            </Typography>
          </Box>
        )}
        {list.status === 'error' && (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void list.reload()}>
                  Try again
                </Button>
              }
            >
              {NOTIFICATIONS_FETCH_ERROR_MESSAGE}
            </Alert>
          </Box>
        )}
        {list.status === 'ready' && list.items.length === 0 && <EmptyState unreadOnly={list.unreadOnly} />}
        {list.status === 'ready' && list.items.length > 0 && (
          <List disablePadding aria-label="Notifications">
            {list.items.map((item) => (
              <NotificationListItem
                key={item.id}
                item={item}
                lookUpDocuments={lookUpDocuments}
                onOpen={onOpenItem}
                onSetRead={list.setRead}
                onDelete={list.remove}
              />
            ))}
          </List>
        )}
        {list.hasMore && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
            <Button
              size="small"
              variant="outlined"
              disabled={list.loadingMore}
              onClick={() => void list.loadMore()}
              startIcon={list.loadingMore ? <CircularProgress size={14} aria-hidden /> : undefined}
            >
              Load more
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
