import LockIcon from '@mui/icons-material/Lock';
import PushPinIcon from '@mui/icons-material/PushPin';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DOCUMENT_TYPE_LABELS } from '@portal/domain';
import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import type { DocumentResource } from '../document-resource';
import { StatusChip } from './status-chip';

type DocumentListProps = {
  documents: DocumentResource[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** undefined: no checkboxes (the user cannot bulk sign) */
  checked: ReadonlySet<string> | undefined;
  /** Which documents get a checkbox. */
  isCheckable: (document: DocumentResource) => boolean;
  onToggleCheck: (id: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
};

function formatDos(dos: string): string {
  const date = new Date(dos);
  return Number.isNaN(date.getTime()) ? dos : format(date, 'MM/dd/yyyy');
}

/** The inbox list; scrolling near its end loads the next page (links.next only). */
export function DocumentList({
  documents,
  selectedId,
  onSelect,
  checked,
  isCheckable,
  onToggleCheck,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: DocumentListProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const selectedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) onLoadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, onLoadMore]);

  // Keeps the keyboard-selected document in view.
  useEffect(() => {
    if (selectedId) selectedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  return (
    <Box>
      <List dense disablePadding aria-label="Documents">
        {documents.map((document) => {
          const doc = document.attributes;
          const selected = document.id === selectedId;
          const typeLabel = (DOCUMENT_TYPE_LABELS as Record<string, string>)[doc.type] ?? doc.type;
          const name = `${doc.patientLastName}, ${doc.patientFirstName}`;
          return (
            <ListItem
              key={document.id}
              disablePadding
              divider
              data-document-id={document.id}
              secondaryAction={
                checked && isCheckable(document) ? (
                  <Checkbox
                    edge="end"
                    size="small"
                    checked={checked.has(document.id)}
                    onChange={() => onToggleCheck(document.id)}
                    slotProps={{ input: { 'aria-label': `Check ${name}, ${typeLabel}` } }}
                  />
                ) : undefined
              }
            >
              <ListItemButton
                ref={selected ? selectedRef : undefined}
                selected={selected}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(document.id)}
                sx={{
                  py: 1,
                  pr: checked ? 6 : 2,
                  alignItems: 'flex-start',
                  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto' }} noWrap>
                      {name}
                    </Typography>
                    {doc.isPinned && (
                      <Tooltip title="Pinned">
                        <PushPinIcon fontSize="small" color="primary" aria-label="Pinned" role="img" />
                      </Tooltip>
                    )}
                    {doc.alert && (
                      <Tooltip title={`${doc.alert} alert`}>
                        <WarningAmberIcon
                          fontSize="small"
                          color={doc.alert === 'high' ? 'error' : 'warning'}
                          aria-label={`${doc.alert} alert`}
                          role="img"
                        />
                      </Tooltip>
                    )}
                    {doc.locked && (
                      <Tooltip title="Locked">
                        <LockIcon fontSize="small" color="action" aria-label="Locked" role="img" />
                      </Tooltip>
                    )}
                  </Stack>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    <Typography variant="caption" color="textSecondary" noWrap sx={{ mr: 'auto' }}>
                      {typeLabel} · {formatDos(doc.dos)}
                      {doc.device ? ` · ${doc.device}` : ''}
                    </Typography>
                    <StatusChip status={doc.status} />
                  </Stack>
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Box ref={sentinelRef} sx={{ minHeight: 8 }} />
      {isFetchingNextPage && <LinearProgress aria-label="Loading more documents" />}
      {hasNextPage && !isFetchingNextPage && (
        <Box sx={{ textAlign: 'center', py: 1 }}>
          <Button size="small" onClick={onLoadMore}>
            Load more
          </Button>
        </Box>
      )}
    </Box>
  );
}
