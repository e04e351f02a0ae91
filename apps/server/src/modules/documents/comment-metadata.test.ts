import { describe, expect, it } from 'vitest';
import { assertCommentMetadataFits } from './comment-metadata';

describe('the size bound on comment metadata', () => {
  const limit = 16 * 1024;
  // {"n":"…"} is 8 bytes of JSON around the text.
  const withJsonSize = (bytes: number, character = 'x') => ({
    n: character.repeat((bytes - 8) / Buffer.byteLength(character)),
  });

  it('accepts metadata of exactly the bound, measured as UTF-8 JSON, and refuses one byte more with 413', () => {
    expect(() => assertCommentMetadataFits(withJsonSize(limit), limit)).not.toThrow();
    expect(() => assertCommentMetadataFits(withJsonSize(limit + 1), limit)).toThrow(
      expect.objectContaining({ statusCode: 413, details: [expect.objectContaining({ field: 'metadata' })] }),
    );
  });

  it('counts a two-byte letter twice', () => {
    expect(() => assertCommentMetadataFits(withJsonSize(limit, 'ż'), limit)).not.toThrow();
    expect(() => assertCommentMetadataFits({ n: 'ż'.repeat(limit / 2) }, limit)).toThrow(
      expect.objectContaining({ statusCode: 413 }),
    );
  });

  it('refuses metadata nested too deeply to measure with 400, not a crash', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 200_000; level++) deep = { a: deep };
    expect(() => assertCommentMetadataFits(deep, limit)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        details: [{ field: 'metadata', message: 'is nested too deeply' }],
      }),
    );
  });
});
