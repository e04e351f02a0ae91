import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type CommentReaction, formatUsDateTimeToMinute } from '@portal/domain';
import type { DocumentComment } from '../api/comments';
import { CommentReactions } from './comment-reactions';
import { EditCommentForm } from './edit-comment-form';

type CommentItemProps = {
  comment: DocumentComment;
  userId: string;
  canComment: boolean;
  nameOf: (userId: string) => string;
  /** The reader is editing this comment: its text shows as a form. */
  editing: boolean;
  editPending: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSaveEdit: (text: string) => void;
  onDelete: () => void;
  onToggleReaction: (reaction: CommentReaction) => void;
};

/** One comment in the list: who, to whom and when, its text (or the edit form), and its reactions. */
export function CommentItem({
  comment,
  userId,
  canComment,
  nameOf,
  editing,
  editPending,
  onEdit,
  onCancelEdit,
  onSaveEdit,
  onDelete,
  onToggleReaction,
}: CommentItemProps) {
  const isSystem = comment.type === 'system';
  const author = isSystem ? 'System' : comment.authorId ? nameOf(comment.authorId) : 'Unknown';
  // Only the author may edit or delete (the server enforces it); system comments are no one's.
  const isOwn = canComment && !isSystem && comment.authorId === userId;
  return (
    <Box
      component="li"
      data-comment-id={comment.id}
      sx={{
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: comment.status === 'problem reported' ? 'warning.light' : 'divider',
        bgcolor: isSystem ? 'action.hover' : undefined,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {author}
        </Typography>
        {comment.to && (
          <Typography variant="caption" color="textSecondary">
            to {nameOf(comment.to)}
          </Typography>
        )}
        <Typography variant="caption" color="textSecondary" sx={{ mr: 'auto' }}>
          {formatUsDateTimeToMinute(comment.createdAt)}
        </Typography>
        {comment.status === 'problem reported' && (
          <Chip size="small" color="warning" label="Problem reported" />
        )}
        {isSystem && <Chip size="small" variant="outlined" label="System" />}
        {isOwn && !editing && (
          <Box sx={{ display: 'flex' }}>
            <Tooltip title="Edit comment">
              <IconButton size="small" aria-label="Edit comment" onClick={onEdit}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete comment">
              <IconButton size="small" aria-label="Delete comment" onClick={onDelete}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Stack>
      {editing ? (
        <EditCommentForm
          comment={comment}
          pending={editPending}
          onCancel={onCancelEdit}
          onSave={onSaveEdit}
        />
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 0.5 }}>
          {comment.text}
        </Typography>
      )}
      <CommentReactions comment={comment} userId={userId} canReact={canComment} onToggle={onToggleReaction} />
    </Box>
  );
}
