import { describe, expect, it } from 'vitest';
import { joinLines, normalizeText, splitLines } from './normalize-text';

describe('normalizeText', () => {
  it.each([
    ['Windows line endings become newlines', 'a\r\nb', 'a\nb'],
    ['old Mac line endings become newlines', 'a\rb', 'a\nb'],
    ['each line is trimmed', '  first  \n\tsecond\t', 'first\nsecond'],
    ['mixed endings and padding together', ' a \r\n b \r c ', 'a\nb\nc'],
    ['blank lines stay as empty lines', 'a\r\n\r\nb', 'a\n\nb'],
    ['plain text is left alone', 'Report reviewed.', 'Report reviewed.'],
  ])('%s', (_story, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('stored line lists', () => {
  it.each([
    [
      'a pasted Windows list',
      ' Battery ERI \r\nAppropriate Device Function\r\n',
      ['Battery ERI', 'Appropriate Device Function'],
    ],
    ['nothing stored', null, []],
    ['an empty string', '', []],
  ])('splitLines reads %s', (_story, stored, expected) => {
    expect(splitLines(stored)).toEqual(expected);
  });

  it('round-trips a list through joinLines and splitLines', () => {
    const prompts = ['Report reviewed.', 'No issues.'];
    expect(joinLines(prompts)).toBe('Report reviewed.\nNo issues.');
    expect(splitLines(joinLines(prompts))).toEqual(prompts);
  });
});
