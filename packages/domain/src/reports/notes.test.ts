import { describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH } from '../common/paging-constants';
import { appendNote, truncateNote } from './notes';

const long = 'x'.repeat(1000);

describe('truncateNote', () => {
  it.each([
    ['a short note is kept', 'Report reviewed.', 'Report reviewed.'],
    ['exactly 900 characters are kept', 'a'.repeat(900), 'a'.repeat(900)],
    ['901 characters lose the last one', 'a'.repeat(901), 'a'.repeat(900)],
    ['no note is an empty note', null, ''],
  ])('%s', (_story, text, expected) => {
    expect(truncateNote(text)).toBe(expected);
  });
});

describe('appendNote', () => {
  it.each([
    [
      'the signer adds to an existing note with one space',
      'Nurse: stable.',
      'Report reviewed.',
      'Nurse: stable. Report reviewed.',
    ],
    ['an empty existing note gives just the addition', '', 'Report reviewed.', 'Report reviewed.'],
    ['no existing note gives just the addition', null, 'Report reviewed.', 'Report reviewed.'],
    ['an empty addition leaves the note as it was', 'Nurse: stable.', '', 'Nurse: stable.'],
    ['a long result is cut to 900', 'a'.repeat(895), 'bbbbbbbbbb', `${'a'.repeat(895)} bbbb`],
  ])('%s', (_story, existing, addition, expected) => {
    expect(appendNote(existing, addition)).toBe(expected);
  });

  it('never returns more than the note limit', () => {
    expect(appendNote(long, long)).toHaveLength(NOTE_MAX_LENGTH);
  });
});
