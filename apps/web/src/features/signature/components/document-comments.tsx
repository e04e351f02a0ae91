import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { COMMENT_REACTIONS, type CommentReaction } from '@portal/domain';
import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import {
  type DocumentComment,
  useAddComment,
  useComments,
  useDeleteComment,
  useEditComment,
  useReportProblem,
  useToggleCommentReaction,
} from '../api/comments';

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

export type CommentPerson = { id: string; name: string };

type DocumentCommentsProps = {
  documentId: string;
  userId: string;
  canComment: boolean;
  /** who a comment may be addressed to (the clinic's providers) */
  recipients: CommentPerson[];
  nameOf: (userId: string) => string;
};

function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MM/dd/yyyy hh:mm aaa');
}

function Reactions({
  comment,
  userId,
  canReact,
  onToggle,
}: {
  comment: DocumentComment;
  userId: string;
  canReact: boolean;
  onToggle: (reaction: CommentReaction) => void;
}) {
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

function ReportProblemDialog({
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onSubmit(text.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="report-problem-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setText('') } }}
    >
      <form onSubmit={submit}>
        <DialogTitle id="report-problem-title">Report a problem</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            The document is marked with a system error and the problem is added to its comments.
          </Typography>
          <TextField
            label="Describe the problem"
            multiline
            minRows={3}
            fullWidth
            required
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!text.trim() || pending}>
            Report problem
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Editing one's own comment in place: Enter-free (multi-line), Save or Cancel; Escape cancels. */
function EditCommentForm({
  comment,
  pending,
  onCancel,
  onSave,
}: {
  comment: DocumentComment;
  pending: boolean;
  onCancel: () => void;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(comment.text);
  const changed = text.trim() !== '' && text.trim() !== comment.text;
  return (
    <Box
      component="form"
      aria-label="Edit comment"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (changed) onSave(text.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      sx={{ display: 'grid', gap: 1, mb: 0.5 }}
    >
      <TextField
        label="Comment text"
        size="small"
        multiline
        maxRows={6}
        autoFocus
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" size="small" variant="contained" disabled={!changed || pending}>
          Save
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}

function DeleteCommentDialog({
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-comment-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-comment-title">Delete your comment?</DialogTitle>
      <DialogContent>
        <DialogContentText>The comment is removed from the document for everyone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The document's comments: list, reactions, a new comment (optionally to a provider), report a problem. */
export function DocumentComments({
  documentId,
  userId,
  canComment,
  recipients,
  nameOf,
}: DocumentCommentsProps) {
  const comments = useComments(documentId);
  const add = useAddComment(documentId);
  const react = useToggleCommentReaction(documentId);
  const problem = useReportProblem(documentId);
  const edit = useEditComment(documentId);
  const remove = useDeleteComment(documentId);
  const [editingId, setEditingId] = useState<string | undefined>();
  const [deletingId, setDeletingId] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const [reporting, setReporting] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(
      { text: text.trim(), to: to || undefined },
      {
        onSuccess: () => {
          setText('');
          setTo('');
        },
      },
    );
  };

  const list = comments.data ?? [];
  return (
    <Box
      component="section"
      aria-labelledby={`comments-heading-${documentId}`}
      // Ctrl+Enter signs the document everywhere else in the inbox; here it must not.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.preventDefault();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={`comments-heading-${documentId}`} component="h3" variant="subtitle1">
          Comments{list.length > 0 ? ` (${list.length})` : ''}
        </Typography>
        {canComment && (
          <Button
            size="small"
            color="warning"
            startIcon={<ReportProblemOutlinedIcon />}
            onClick={() => setReporting(true)}
          >
            Report a problem
          </Button>
        )}
      </Box>
      {comments.isError && <Alert severity="error">{comments.error.message}</Alert>}
      {comments.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No comments yet.
        </Typography>
      )}
      {list.length > 0 && (
        <Stack component="ul" aria-label="Comments" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((comment) => {
            const isSystem = comment.type === 'system';
            const author = isSystem ? 'System' : comment.authorId ? nameOf(comment.authorId) : 'Unknown';
            // Only the author may edit or delete (the server enforces it); system comments are no one's.
            const isOwn = canComment && !isSystem && comment.authorId === userId;
            const editing = editingId === comment.id;
            return (
              <Box
                component="li"
                key={comment.id}
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
                    {formatTime(comment.createdAt)}
                  </Typography>
                  {comment.status === 'problem reported' && (
                    <Chip size="small" color="warning" label="Problem reported" />
                  )}
                  {isSystem && <Chip size="small" variant="outlined" label="System" />}
                  {isOwn && !editing && (
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title="Edit comment">
                        <IconButton
                          size="small"
                          aria-label="Edit comment"
                          onClick={() => setEditingId(comment.id)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete comment">
                        <IconButton
                          size="small"
                          aria-label="Delete comment"
                          onClick={() => setDeletingId(comment.id)}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  )}
                </Stack>
                {editing ? (
                  <EditCommentForm
                    comment={comment}
                    pending={edit.isPending}
                    onCancel={() => setEditingId(undefined)}
                    onSave={(value) =>
                      edit.mutate(
                        { commentId: comment.id, text: value },
                        { onSuccess: () => setEditingId(undefined) },
                      )
                    }
                  />
                ) : (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 0.5 }}
                  >
                    {comment.text}
                  </Typography>
                )}
                <Reactions
                  comment={comment}
                  userId={userId}
                  canReact={canComment}
                  onToggle={(reaction) => react.mutate({ commentId: comment.id, reaction })}
                />
              </Box>
            );
          })}
        </Stack>
      )}
      {canComment && (
        <Box
          component="form"
          onSubmit={submit}
          aria-label="Add a comment"
          sx={{
            mt: 1.5,
            display: 'grid',
            gap: 1,
            // The details rail is narrow at every screen size: one field under the other.
            gridTemplateColumns: '1fr',
          }}
        >
          <TextField
            label="Comment"
            size="small"
            multiline
            maxRows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          <TextField
            select
            label="To (optional)"
            size="small"
            value={to}
            onChange={(event) => setTo(event.target.value)}
          >
            <MenuItem value="">
              <em>Nobody in particular</em>
            </MenuItem>
            {recipients.map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {person.name}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button type="submit" variant="outlined" size="small" disabled={!text.trim() || add.isPending}>
              Add comment
            </Button>
          </Box>
        </Box>
      )}
      <DeleteCommentDialog
        open={Boolean(deletingId)}
        pending={remove.isPending}
        onCancel={() => setDeletingId(undefined)}
        onConfirm={() =>
          deletingId && remove.mutate(deletingId, { onSettled: () => setDeletingId(undefined) })
        }
      />
      <ReportProblemDialog
        open={reporting}
        pending={problem.isPending}
        onCancel={() => setReporting(false)}
        onSubmit={(value) =>
          problem.mutate(value, {
            onSuccess: () => {
              setReporting(false);
              void comments.refetch();
            },
          })
        }
      />
    </Box>
  );
}
