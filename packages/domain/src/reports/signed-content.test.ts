import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES } from './document-statuses';
import {
  findFrozenContentChanges,
  frozenContentMessage,
  isContentFrozen,
  isSignedContentField,
  SIGNED_CONTENT_FIELDS,
} from './signed-content';

describe('what a signature freezes', () => {
  it.each(DOCUMENT_STATUSES.map((status) => [status, status === 'signed' || status === 'acknowledged']))(
    '%s freezes the content: %s',
    (status, frozen) => {
      expect(isContentFrozen(status)).toBe(frozen);
    },
  );

  it.each([
    'note',
    'physicianName',
    'physicianNpi',
    'cptCodes',
    'icd10Codes',
    'assessmentPlan',
    'comment',
    'certifiedBy',
    'clinicalStart',
    'clinicalEnd',
    'assignedTo',
    'metadata',
    'patientFirstName',
    'patientDob',
    'device',
    'deviceDetail',
    'type',
    'dos',
    'alert',
    'alertText',
  ])('%s is signed content', (field) => {
    expect(isSignedContentField(field)).toBe(true);
  });

  it.each([
    'isPinned',
    'isDownloaded',
    'isHidden',
    'locked',
    'systemError',
    'deletedAt',
    'emrNumber',
    'auditNote',
    'status',
  ])('%s stays changeable', (field) => {
    expect(isSignedContentField(field)).toBe(false);
  });

  it('names the content fields a change would alter on a signed document, and only those', () => {
    const current = {
      note: 'Report reviewed.',
      cptCodes: ['93294'],
      metadata: { a: 1, b: 2 },
      isPinned: false,
    };
    expect(
      findFrozenContentChanges('signed', current, {
        note: 'Edited afterwards',
        cptCodes: ['93294'],
        metadata: { b: 2, a: 1 },
        isPinned: true,
      }),
    ).toEqual(['note']);
    expect(findFrozenContentChanges('acknowledged', current, { physicianNpi: '1234567893' })).toEqual([
      'physicianNpi',
    ]);
    expect(findFrozenContentChanges('unsigned', current, { note: 'Edited' })).toEqual([]);
  });

  it('compares dates by instant and treats missing as null', () => {
    const dos = new Date('2026-11-01T10:00:00Z');
    expect(
      findFrozenContentChanges('signed', { dos, comment: null }, { dos: new Date(dos), comment: undefined }),
    ).toEqual([]);
    expect(findFrozenContentChanges('signed', { dos }, { dos: new Date('2026-11-02T10:00:00Z') })).toEqual([
      'dos',
    ]);
  });

  it('says which state and which field', () => {
    expect(frozenContentMessage('signed', 'note')).toBe(
      'The document is signed: its note cannot change. Un-sign it first to correct it.',
    );
  });

  it('lists every field once', () => {
    expect(new Set(SIGNED_CONTENT_FIELDS).size).toBe(SIGNED_CONTENT_FIELDS.length);
  });
});
