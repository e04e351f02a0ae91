import { z } from 'zod';

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

/** A new comment as posted: status and type take their defaults when absent. */
export const commentInputSchema = z.object({
  to: z.string().nullish(),
  text: z.string().min(1),
  // Built from `z` (not commentStatusSchema.default(…)) so the web bundle can drop the unused schema.
  status: z.enum(COMMENT_STATUSES).default(DEFAULT_COMMENT_STATUS),
  type: z.enum(COMMENT_TYPES).default(DEFAULT_COMMENT_TYPE),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type CommentInput = z.infer<typeof commentInputSchema>;
