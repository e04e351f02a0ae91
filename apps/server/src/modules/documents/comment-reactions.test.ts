import { describe, expect, it } from 'vitest';
import { toggleReaction } from './comment-reactions';

describe('toggling a reaction on a comment', () => {
  it('adds the user to a reaction they had not made, beside the others', () => {
    expect(toggleReaction({ LIKE: ['ann'] }, 'LIKE', 'bob')).toEqual({ LIKE: ['ann', 'bob'] });
  });

  it('removes the user from a reaction they had made, and drops a reaction nobody holds', () => {
    expect(toggleReaction({ LIKE: ['ann', 'bob'] }, 'LIKE', 'bob')).toEqual({ LIKE: ['ann'] });
    expect(toggleReaction({ LIKE: ['bob'] }, 'LIKE', 'bob')).toEqual({});
  });

  it('leaves the reactions it was given unchanged', () => {
    const reactions = { LIKE: ['bob'] };
    toggleReaction(reactions, 'LIKE', 'bob');
    expect(reactions).toEqual({ LIKE: ['bob'] });
  });
});
