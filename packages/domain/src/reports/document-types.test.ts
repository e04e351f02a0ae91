import { describe, expect, it } from 'vitest';
import { documentTypeLabel, isStudyDocumentType } from './document-types';

describe('documentTypeLabel', () => {
  it('names a known document type by its SPEC §3 label', () => {
    expect(documentTypeLabel('FileMaker-30-day-ILR-Report')).toBe('30 Day');
    expect(documentTypeLabel('rpm-alert')).toBe('RPM Alert');
  });

  it('shows an unknown type as it came, rather than nothing', () => {
    expect(documentTypeLabel('future-study')).toBe('future-study');
  });

  it('does not mistake an inherited object property for a label', () => {
    expect(documentTypeLabel('toString')).toBe('toString');
  });
});

describe('isStudyDocumentType', () => {
  it.each([
    ['mcot-study', true],
    ['holter-study', true],
    ['extended-holter-study', true],
    ['we-study', true],
    ['sleep-study', true],
    ['abpm-study', true],
    ['crm-alert', false],
    ['rpm-report', false],
    ['no-such-type', false],
  ])('%s → %s', (type, expected) => {
    expect(isStudyDocumentType(type)).toBe(expected);
  });
});
