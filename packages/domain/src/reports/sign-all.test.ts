import { describe, expect, it } from 'vitest';
import { formatBulkFailureMessage } from './document-messages';
import { tallySignAll } from './sign-all';

describe('tallySignAll', () => {
  it.each([
    ['every document signed', { total: 120, success: 120, fail: 0 }, { success: 120, fail: 0, cancelled: 0 }],
    ['some failed', { total: 120, success: 100, fail: 20 }, { success: 100, fail: 20, cancelled: 0 }],
    [
      'the user cancelled part way',
      { total: 120, success: 50, fail: 0 },
      { success: 50, fail: 0, cancelled: 70 },
    ],
    [
      'more processed than counted at the start',
      { total: 10, success: 12, fail: 0 },
      { success: 12, fail: 0, cancelled: 0 },
    ],
  ])('%s', (_story, counts, tally) => {
    expect(tallySignAll(counts)).toEqual(tally);
  });
});

describe('formatBulkFailureMessage', () => {
  it.each([
    [3, 5, 'Only 3 of 5 total documents succeeded.'],
    [0, 1, 'Only 0 of 1 total documents succeeded.'],
  ])('%i of %i', (succeeded, total, message) => {
    expect(formatBulkFailureMessage(succeeded, total)).toBe(message);
  });
});
