import type { COMMENT_REACTIONS } from '@portal/domain';

export type CommentReaction = (typeof COMMENT_REACTIONS)[number];

/**
 * The reactions after `userId` toggles `reaction`: added if they had not reacted so, removed if they had.
 * A reaction nobody holds any more is dropped from the map.
 */
export function toggleReaction(
  reactions: Readonly<Record<string, string[]>>,
  reaction: CommentReaction,
  userId: string,
): Record<string, string[]> {
  const toggled = { ...reactions };
  const people = new Set(toggled[reaction] ?? []);
  if (people.has(userId)) people.delete(userId);
  else people.add(userId);
  toggled[reaction] = [...people];
  if (toggled[reaction]?.length === 0) delete toggled[reaction];
  return toggled;
}
