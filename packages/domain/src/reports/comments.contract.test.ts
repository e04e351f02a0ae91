import { describe, expect, it } from 'vitest';
import { addCommentBodySchema } from './comments.contract';

describe('a new comment as posted', () => {
  it.each([
    ['a user comment takes the default status', { text: 'Please review' }, { status: 'user comment' }],
    [
      'a problem report keeps its status',
      { text: 'Wrong patient', status: 'problem reported' },
      { status: 'problem reported' },
    ],
  ])('%s', (_story, input, expected) => {
    expect(addCommentBodySchema.parse(input)).toMatchObject(expected);
  });

  it.each([
    ['an empty text', { text: '' }],
    ['a text of spaces only', { text: '   ' }],
    ['an unknown status', { text: 'x', status: 'resolved' }],
    [
      'a type: the server decides whether a comment is from a user or the system',
      { text: 'x', type: 'system' },
    ],
  ])('rejects %s', (_story, input) => {
    expect(addCommentBodySchema.safeParse(input).success).toBe(false);
  });
});
