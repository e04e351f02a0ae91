import { describe, expect, it } from 'vitest';
import { mergeOverride, toStoredContactInfo } from './patient-values';

describe('mergeOverride', () => {
  const current = { names: { firstName: 'Kate', lastName: 'Ng' }, gender: 'female' as const };

  it('keeps the stored overrides when the request names none', () => {
    expect(mergeOverride(current, undefined)).toBe(current);
  });

  it('replaces the keys given, clears those set to null, keeps the rest', () => {
    expect(
      mergeOverride(current, { names: { firstName: null, middleName: 'Jo' }, physicianNpi: '1679576722' }),
    ).toEqual({
      names: { lastName: 'Ng', middleName: 'Jo' },
      gender: 'female',
      physicianNpi: '1679576722',
    });
  });

  it('clears every override with null, and stores nothing left as null', () => {
    expect(mergeOverride(current, null)).toBeNull();
    expect(mergeOverride(current, { names: null, gender: null })).toBeNull();
  });
});

describe('stored contact info', () => {
  it('keeps an address only when some part of it is known, blank text as null', () => {
    expect(toStoredContactInfo({ mobilePhone: ' ', address: { street: '  ' } })).toEqual({
      mobilePhone: null,
      homePhone: null,
      email: null,
      address: null,
    });
  });
});
