import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { COMMENT_REACTIONS, type CommentReaction } from '@portal/domain';
import { useId, useState } from 'react';
import type { DocumentComment } from '../api/comments';

/** Reactions are shown as words: the machines this runs on may have no emoji font. */
export const REACTION_LABELS: Record<CommentReaction, string> = {
  LIKE: 'Like',
  DISLIKE: 'Dislike',
  LOVE: 'Love',
  LAUGH: 'Laugh',
  SAD: 'Sad',
  ANGRY: 'Angry',
  WOW: 'Wow',
  CONFUSED: 'Confused',
  PARTY_PARROT: 'Party parrot',
  COOL_DOGE: 'Cool doge',
};

type CommentReactionsProps = {
  comment: DocumentComment;
  userId: string;
  canReact: boolean;
  onToggle: (reaction: CommentReaction) => void;
};

/** A comment's reactions as counted chips (pressed when one is the reader's), and a menu to add one. */
export function CommentReactions({ comment, userId, canReact, onToggle }: CommentReactionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const given = COMMENT_REACTIONS.filter((reaction) => (comment.reactions[reaction]?.length ?? 0) > 0);
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
      {given.map((reaction) => {
        const users = comment.reactions[reaction] ?? [];
        const mine = users.includes(userId);
        const label = REACTION_LABELS[reaction];
        return (
          <Chip
            key={reaction}
            size="small"
            variant={mine ? 'filled' : 'outlined'}
            color={mine ? 'primary' : 'default'}
            label={`${label} ${users.length}`}
            onClick={canReact ? () => onToggle(reaction) : undefined}
            aria-label={`${label}: ${users.length}${mine ? ', yours' : ''}`}
            aria-pressed={canReact ? mine : undefined}
          />
        );
      })}
      {canReact && (
        <>
          <Tooltip title="Add a reaction">
            <IconButton
              size="small"
              aria-label="Add a reaction"
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <AddReactionOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {COMMENT_REACTIONS.map((reaction) => {
              const label = REACTION_LABELS[reaction];
              const mine = comment.reactions[reaction]?.includes(userId) ?? false;
              return (
                <MenuItem
                  key={reaction}
                  dense
                  role="menuitemcheckbox"
                  aria-checked={mine}
                  selected={mine}
                  onClick={() => {
                    setAnchor(null);
                    onToggle(reaction);
                  }}
                >
                  <ListItemText>{label}</ListItemText>
                </MenuItem>
              );
            })}
          </Menu>
        </>
      )}
    </Stack>
  );
}
