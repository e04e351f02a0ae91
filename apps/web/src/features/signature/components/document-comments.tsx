import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useComments,
  useDeleteComment,
  useEditComment,
  useReportProblem,
  useToggleCommentReaction,
} from '../api/comments';
import type { NamedPerson } from '../inbox-format';
import { AddCommentForm } from './add-comment-form';
import { CommentItem } from './comment-item';
import { DeleteCommentDialog } from './delete-comment-dialog';
import { ReportProblemDialog } from './report-problem-dialog';

type DocumentCommentsProps = {
  documentId: string;
  userId: string;
  canComment: boolean;
  /** who a comment may be addressed to (the clinic's providers) */
  recipients: NamedPerson[];
  nameOf: (userId: string) => string;
};

/** The document's comments: list, reactions, a new comment (optionally to a provider), report a problem. */
export function DocumentComments({
  documentId,
  userId,
  canComment,
  recipients,
  nameOf,
}: DocumentCommentsProps) {
  const comments = useComments(documentId);
  const react = useToggleCommentReaction(documentId);
  const problem = useReportProblem(documentId);
  const edit = useEditComment(documentId);
  const remove = useDeleteComment(documentId);
  const [editingId, setEditingId] = useState<string | undefined>();
  const [deletingId, setDeletingId] = useState<string | undefined>();
  const [reporting, setReporting] = useState(false);

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
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              userId={userId}
              canComment={canComment}
              nameOf={nameOf}
              editing={editingId === comment.id}
              editPending={edit.isPending}
              onEdit={() => setEditingId(comment.id)}
              onCancelEdit={() => setEditingId(undefined)}
              onSaveEdit={(text) =>
                edit.mutate({ commentId: comment.id, text }, { onSuccess: () => setEditingId(undefined) })
              }
              onDelete={() => setDeletingId(comment.id)}
              onToggleReaction={(reaction) => react.mutate({ commentId: comment.id, reaction })}
            />
          ))}
        </Stack>
      )}
      {canComment && <AddCommentForm documentId={documentId} recipients={recipients} />}
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
        onSubmit={(text) =>
          problem.mutate(text, {
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
