import { describe, expect, it } from 'vitest';
import { resolveEffectivePatientFields } from './patient-overrides';

const synced = {
  firstName: 'Jon',
  middleName: null,
  lastName: 'Smith',
  gender: 'male',
  physicianNpi: '1234567893',
};

describe('resolveEffectivePatientFields', () => {
  it.each([
    ['no override', null, { firstName: { value: 'Jon', source: 'synced' } }],
    [
      'an overridden first name',
      { names: { firstName: 'John' } },
      { firstName: { value: 'John', source: 'override' }, lastName: { value: 'Smith', source: 'synced' } },
    ],
    [
      'an override left null',
      { names: { firstName: null } },
      { firstName: { value: 'Jon', source: 'synced' } },
    ],
    ['an overridden gender', { gender: 'female' }, { gender: { value: 'female', source: 'override' } }],
    [
      'an overridden physician',
      { physicianNpi: '1245319599' },
      { physicianNpi: { value: '1245319599', source: 'override' } },
    ],
    [
      'a middle name only in the override',
      { names: { middleName: 'Q' } },
      { middleName: { value: 'Q', source: 'override' } },
    ],
  ])('%s', (_story, override, expected) => {
    expect(resolveEffectivePatientFields({ ...synced, override })).toMatchObject(expected);
  });
});
