import { describe, expect, it } from 'vitest';
import { commentInputSchema } from './comments';

describe('commentInputSchema', () => {
  it.each([
    [
      'a user comment takes the defaults',
      { text: 'Please review' },
      { status: 'user comment', type: 'user' },
    ],
    [
      'a problem report keeps its status and type',
      { text: 'Wrong patient', status: 'problem reported', type: 'system' },
      { status: 'problem reported', type: 'system' },
    ],
  ])('%s', (_story, input, expected) => {
    expect(commentInputSchema.parse(input)).toMatchObject(expected);
  });

  it.each([
    ['an empty text', { text: '' }],
    ['an unknown status', { text: 'x', status: 'resolved' }],
  ])('rejects %s', (_story, input) => {
    expect(commentInputSchema.safeParse(input).success).toBe(false);
  });
});
