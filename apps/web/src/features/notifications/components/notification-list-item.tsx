import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DOCUMENT_NOT_FOUND_SUBTITLE, formatUsDateTime } from '@portal/domain';
import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { type DocumentLookup, useNotificationDocument } from '../api/get-notification-document';
import type { NotificationItem } from '../types';

type NotificationListItemProps = {
  item: NotificationItem;
  /** Whether the user may look documents up at all (GET /api/reports/:id). */
  lookUpDocuments: boolean;
  onOpen: (item: NotificationItem) => void;
  onSetRead: (id: string, isRead: boolean) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
};

function formatAge(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : formatDistanceToNow(date, { addSuffix: true });
}

/**
 * The document the notification is about: its patient, type and date of service once looked up (SPEC §7),
 * '(document not found)' when it is gone, and the notification's own subtitle until then.
 */
function DocumentLine({ lookup, subTitle }: { lookup: DocumentLookup; subTitle: string | null }) {
  if (lookup.state === 'found') {
    const { patient, typeLabel, dos } = lookup.document;
    return (
      <Typography
        variant="caption"
        component="div"
        color="textSecondary"
        data-testid="notification-document"
        sx={{ wordBreak: 'break-word' }}
      >
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {patient}
        </Box>
        {` · ${typeLabel} · `}
        <abbr title="date of service" style={{ textDecoration: 'none' }}>
          DOS
        </abbr>{' '}
        {dos}
      </Typography>
    );
  }
  const text = lookup.state === 'not-found' ? DOCUMENT_NOT_FOUND_SUBTITLE : subTitle;
  if (!text) return null;
  return (
    <Typography
      variant="caption"
      component="div"
      // Not found says so in words; the colour only underlines it.
      color={lookup.state === 'not-found' ? 'error' : 'textSecondary'}
      data-testid="notification-subtitle"
    >
      {text}
    </Typography>
  );
}

/** One notification: open it (marks it read and follows its link), mark it read or unread, delete it. */
export function NotificationListItem({
  item,
  lookUpDocuments,
  onOpen,
  onSetRead,
  onDelete,
}: NotificationListItemProps) {
  const [busy, setBusy] = useState(false);
  const lookup = useNotificationDocument(item.documentId, lookUpDocuments);
  const readLabel = item.isRead ? 'Mark as unread' : 'Mark as read';
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  return (
    <ListItem
      disablePadding
      data-notification-id={item.id}
      data-read={item.isRead}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: item.isRead ? 'transparent' : 'action.hover',
        alignItems: 'stretch',
      }}
    >
      {/* Named by its content (no aria-label), so what a screen reader says is what the eye reads. */}
      <ListItemButton
        onClick={() => onOpen(item)}
        sx={{ alignItems: 'flex-start', gap: 1.25, py: 1.25, pr: 1, minWidth: 0 }}
      >
        <Box
          aria-hidden
          sx={{
            mt: 0.9,
            width: 8,
            height: 8,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: item.isRead ? 'transparent' : 'primary.main',
          }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            variant="body2"
            sx={{ fontWeight: item.isRead ? 400 : 600, lineHeight: 1.35, wordBreak: 'break-word' }}
          >
            {/* The dot says it to the eye; this says it to a screen reader. */}
            {!item.isRead && <span style={visuallyHidden}>Unread: </span>}
            {item.title}
          </Typography>
          <DocumentLine lookup={lookup} subTitle={item.subTitle} />
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{
              mt: 0.25,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
            }}
          >
            {item.text}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="div" sx={{ mt: 0.25 }}>
            <time dateTime={item.createdAt} title={formatUsDateTime(item.createdAt)}>
              {formatAge(item.createdAt)}
            </time>
          </Typography>
        </Box>
      </ListItemButton>
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 0.5, flexShrink: 0 }}>
        <Tooltip title={readLabel}>
          <span>
            <IconButton
              size="small"
              aria-label={`${readLabel}: ${item.title}`}
              disabled={busy}
              onClick={() => run(() => onSetRead(item.id, !item.isRead))}
            >
              {item.isRead ? (
                <MarkEmailUnreadOutlinedIcon fontSize="small" />
              ) : (
                <DraftsOutlinedIcon fontSize="small" />
              )}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Delete">
          <span>
            <IconButton
              size="small"
              aria-label={`Delete notification: ${item.title}`}
              disabled={busy}
              onClick={() => run(() => onDelete(item.id))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
