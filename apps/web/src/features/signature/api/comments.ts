import type {
  AddCommentBody,
  CommentList,
  CommentReaction,
  CommentResource,
  ReportProblemBody,
  UpdateCommentBody,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { HTTP_ERROR_MESSAGE } from '../../../lib/constants';
import { queryKeys } from '../../../lib/query-keys';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';

/** A comment on a document (SPEC §3 Comment): the domain's contract. */
export type DocumentComment = CommentResource;

function commentsPath(documentId: string, commentId?: string): string {
  const base = `/api/reports/${encodeURIComponent(documentId)}/comments`;
  return commentId ? `${base}/${encodeURIComponent(commentId)}` : base;
}

/** GET /api/reports/:id/comments. */
export function listComments(documentId: string, options: { signal?: AbortSignal } = {}) {
  return apiClient
    .get<CommentList>(commentsPath(documentId), { signal: options.signal })
    .then((body) => body.data);
}

/** POST /api/reports/:id/comments (403 when the clinic's comments flag is off). */
export function addComment(input: { documentId: string; text: string; to?: string | undefined }) {
  const body: AddCommentBody = { text: input.text, ...(input.to && { to: input.to }) };
  return apiClient.post<DocumentComment>(commentsPath(input.documentId), body);
}

/** PUT /api/reports/:id/comments/:commentId {reaction}: toggles the caller's reaction. */
export function toggleCommentReaction(input: {
  documentId: string;
  commentId: string;
  reaction: CommentReaction;
}) {
  const body: UpdateCommentBody = { reaction: input.reaction };
  return apiClient.put<DocumentComment>(commentsPath(input.documentId, input.commentId), body);
}

/** PUT /api/reports/:id/comments/:commentId {text}: the author edits their comment (others get 403). */
export function updateCommentText(input: { documentId: string; commentId: string; text: string }) {
  const body: UpdateCommentBody = { text: input.text };
  return apiClient.put<DocumentComment>(commentsPath(input.documentId, input.commentId), body);
}

/** DELETE /api/reports/:id/comments/:commentId: the author deletes their comment (others get 403). */
export function deleteComment(input: { documentId: string; commentId: string }) {
  return apiClient.delete<null>(commentsPath(input.documentId, input.commentId));
}

/** POST /api/reports/:id/report-problem: marks a system error, then adds a 'problem reported' comment. */
export function reportProblem(input: { documentId: string; text: string }) {
  const body: ReportProblemBody = { text: input.text };
  return apiClient.post<DocumentComment>(
    `/api/reports/${encodeURIComponent(input.documentId)}/report-problem`,
    body,
  );
}

/** Shows the server's message (e.g. comments switched off for the clinic); 401 is handled by sign-in. */
function showFailure(error: unknown) {
  if (isApiError(error) && error.statusCode === 401) return;
  enqueueSnackbar(error instanceof Error && error.message ? error.message : HTTP_ERROR_MESSAGE, {
    variant: 'error',
  });
}

export function useComments(documentId: string) {
  return useQuery({
    queryKey: queryKeys.documents.comments(documentId),
    queryFn: ({ signal }) => listComments(documentId, { signal }),
    meta: { silent: true },
  });
}

export function useAddComment(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; to?: string | undefined }) => addComment({ documentId, ...input }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.comments(documentId) }),
    onError: showFailure,
  });
}

export function useToggleCommentReaction(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commentId: string; reaction: CommentReaction }) =>
      toggleCommentReaction({ documentId, ...input }),
    meta: { silent: true },
    onSuccess: (comment) =>
      queryClient.setQueryData<DocumentComment[]>(queryKeys.documents.comments(documentId), (comments) =>
        comments?.map((item) => (item.id === comment.id ? comment : item)),
      ),
    onError: showFailure,
  });
}

export function useEditComment(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { commentId: string; text: string }) => updateCommentText({ documentId, ...input }),
    meta: { silent: true },
    onSuccess: (comment) =>
      queryClient.setQueryData<DocumentComment[]>(queryKeys.documents.comments(documentId), (comments) =>
        comments?.map((item) => (item.id === comment.id ? comment : item)),
      ),
    onError: showFailure,
  });
}

export function useDeleteComment(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment({ documentId, commentId }),
    meta: { silent: true },
    onSuccess: (_nothing, commentId) =>
      queryClient.setQueryData<DocumentComment[]>(queryKeys.documents.comments(documentId), (comments) =>
        comments?.filter((item) => item.id !== commentId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.comments(documentId) }),
    onError: showFailure,
  });
}

/** The document gets a system error and, after the server's pause, a system comment: both refetched. */
export function useReportProblem(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => reportProblem({ documentId, text }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
    onError: showFailure,
  });
}
