// Comments on a document (SPEC §3 Comment, §7 Reports), written once: the server's routes validate and
// answer with these schemas, and the web takes its types from them. Schemas are chains that start at `z`,
// so the web build can drop them (see documents.contract.ts).

import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { documentIdSchema } from './documents.contract';

/** Comment statuses (SPEC §3); the first is the default. */
export const COMMENT_STATUSES = ['user comment', 'problem reported'] as const;
export const commentStatusSchema = z.enum(COMMENT_STATUSES);
export type CommentStatus = z.infer<typeof commentStatusSchema>;
export const DEFAULT_COMMENT_STATUS: CommentStatus = 'user comment';

/** Comment types (SPEC §3); the first is the default. */
export const COMMENT_TYPES = ['user', 'system'] as const;
export const commentTypeSchema = z.enum(COMMENT_TYPES);
export type CommentType = z.infer<typeof commentTypeSchema>;
export const DEFAULT_COMMENT_TYPE: CommentType = 'user';

export const COMMENT_REACTIONS = [
  'LIKE',
  'DISLIKE',
  'LOVE',
  'LAUGH',
  'SAD',
  'ANGRY',
  'WOW',
  'CONFUSED',
  'PARTY_PARROT',
  'COOL_DOGE',
] as const;
export const commentReactionSchema = z.enum(COMMENT_REACTIONS);
export type CommentReaction = z.infer<typeof commentReactionSchema>;

export const commentResourceSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  authorId: z.string().nullable(),
  to: z.string().nullable(),
  text: z.string(),
  status: z.string(),
  type: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  /** Who reacted, by reaction: the user ids. */
  reactions: z.record(z.string(), z.array(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommentResource = z.infer<typeof commentResourceSchema>;

/** GET /api/reports/:id/comments, oldest first. */
export const commentListSchema = z.object({ data: z.array(commentResourceSchema) });
export type CommentList = z.infer<typeof commentListSchema>;

export const commentParamsSchema = z.object({
  id: documentIdSchema,
  commentId: z.uuid({ error: 'must be a comment id' }),
});

/** POST /api/reports/:id/comments. */
export const addCommentBodySchema = z.strictObject({
  to: z.string().max(400).nullish(),
  text: z.string().trim().min(1, { error: 'is required' }).max(4000),
  // Built from `z` (not commentStatusSchema.default(…)) so the web bundle can drop the unused schema.
  status: z.enum(COMMENT_STATUSES).default(DEFAULT_COMMENT_STATUS),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type AddCommentBody = z.input<typeof addCommentBodySchema>;

/** PUT /api/reports/:id/comments/:commentId: edit the text (author only) or toggle a reaction. */
export const updateCommentBodySchema = z.strictObject({
  text: z.string().trim().min(1).max(4000).optional(),
  reaction: z.enum(COMMENT_REACTIONS).optional(),
});
export type UpdateCommentBody = z.input<typeof updateCommentBodySchema>;

/** POST /api/reports/:id/report-problem. */
export const reportProblemBodySchema = z.strictObject({
  text: z.string().trim().min(1, { error: 'is required' }).max(4000),
});
export type ReportProblemBody = z.input<typeof reportProblemBodySchema>;

export const commentsResponseContracts = [
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/:id/comments', commentListSchema),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/:id/comments', commentResourceSchema),
  /* @__PURE__ */ defineResponseContract(
    'PUT',
    '/api/reports/:id/comments/:commentId',
    commentResourceSchema,
  ),
  /* @__PURE__ */ defineResponseContract('POST', '/api/reports/:id/report-problem', commentResourceSchema),
] as const;
