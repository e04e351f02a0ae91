import { describe, expect, it } from 'vitest';
import { wrapText } from './wrap-text';

// One unit per character keeps the expectations readable; fonts are measured the same way.
const monospace = (text: string) => [...text].length;

describe('wrapping text to a width', () => {
  it.each<[string, string, number, string[]]>([
    ['short text stays on one line', 'Report reviewed.', 40, ['Report reviewed.']],
    [
      'words move to the next line whole',
      'the quick brown fox jumps',
      10,
      ['the quick', 'brown fox', 'jumps'],
    ],
    ['a line break starts a new line', 'first\nsecond', 40, ['first', 'second']],
    ['an empty line stays empty', 'first\n\nthird', 40, ['first', '', 'third']],
    ['runs of spaces count as one', 'a    b', 40, ['a b']],
    ['a word longer than the line is broken', 'abcdefghij', 4, ['abcd', 'efgh', 'ij']],
    [
      'a long word after a short one starts its own line',
      'to https://x.example/abcdef',
      10,
      ['to', 'https://x.', 'example/ab', 'cdef'],
    ],
    ['an accent stays on its letter', 'e\u0301e\u0301e\u0301', 4, ['e\u0301e\u0301', 'e\u0301']],
    ['a column narrower than one letter still ends', 'abc', 0.5, ['a', 'b', 'c']],
    ['empty text is one empty line', '', 10, ['']],
  ])('%s', (_story, text, width, lines) => {
    expect(wrapText(text, width, monospace)).toEqual(lines);
  });

  it('never lets a line of words exceed the width', () => {
    const text = 'Device function appropriate; battery and leads stable. '.repeat(16);
    for (const line of wrapText(text, 37, monospace)) expect(monospace(line)).toBeLessThanOrEqual(37);
  });
});
