import { describe, expect, it } from 'vitest';
import { ABPM_RESULTS, SLEEP_RESULTS, WCD_RESULTS } from '../../test-support/studies';
import { readStudyDocumentMetadata } from './study-metadata';

const ID = '7a1b2c3d-0000-4000-8000-000000000001';

describe("a document's study results (metadata.study)", () => {
  it.each([
    ['sleep', SLEEP_RESULTS],
    ['wcd', WCD_RESULTS],
    ['abpm', ABPM_RESULTS],
  ] as const)('reads a %s study and its results', (suite, results) => {
    const metadata = { keyResults: [], study: { id: ID, suite, results } };
    expect(readStudyDocumentMetadata(metadata)).toEqual({ id: ID, suite, results });
  });

  it('reads an ABPM study without dipping (no night readings)', () => {
    const results = { ...ABPM_RESULTS, dipping: null };
    expect(readStudyDocumentMetadata({ study: { id: ID, suite: 'abpm', results } })?.results).toEqual(
      results,
    );
  });

  it('reads nothing from the metadata of another document, or of another shape', () => {
    expect(readStudyDocumentMetadata({ keyResults: [{ label: 'AHI', value: '12' }] })).toBeNull();
    expect(readStudyDocumentMetadata(null)).toBeNull();
    expect(readStudyDocumentMetadata({ study: 'sleep' })).toBeNull();
    // The suite named must be the results'.
    expect(readStudyDocumentMetadata({ study: { id: ID, suite: 'wcd', results: SLEEP_RESULTS } })).toBeNull();
    // A field missing, or not a number.
    const { ahi: _ahi, ...withoutAhi } = SLEEP_RESULTS;
    expect(readStudyDocumentMetadata({ study: { id: ID, suite: 'sleep', results: withoutAhi } })).toBeNull();
    expect(
      readStudyDocumentMetadata({
        study: { id: ID, suite: 'sleep', results: { ...SLEEP_RESULTS, odi: '12' } },
      }),
    ).toBeNull();
    expect(
      readStudyDocumentMetadata({
        study: {
          id: ID,
          suite: 'abpm',
          results: { ...ABPM_RESULTS, dipping: { percent: 3, category: 'sinker' } },
        },
      }),
    ).toBeNull();
  });
});
