import { describe, expect, it } from 'vitest';
import type { UserResource } from '../../lib/user-resource';
import {
  countDaysWaiting,
  createPersonNamer,
  describeListCount,
  formatDaysWaiting,
  UNKNOWN_PERSON,
} from './inbox-format';

function person(id: string, attributes: Partial<UserResource['attributes']>): UserResource {
  return { id, attributes: { roles: [], ...attributes } as unknown as UserResource['attributes'] };
}

describe('inbox wording', () => {
  it('counts whole days waiting since the document was received', () => {
    const now = new Date(2026, 10, 24, 9);
    expect(countDaysWaiting(new Date(2026, 10, 24, 1).toISOString(), now)).toBe(0);
    expect(countDaysWaiting(new Date(2026, 10, 23, 23).toISOString(), now)).toBe(1);
    expect(countDaysWaiting(new Date(2026, 10, 12).toISOString(), now)).toBe(12);
    expect(countDaysWaiting(undefined, now)).toBeUndefined();
    expect(formatDaysWaiting(12)).toEqual({ short: '12d', long: 'waiting 12 days' });
    expect(formatDaysWaiting(1).long).toBe('waiting 1 day');
    expect(formatDaysWaiting(0)).toEqual({ short: 'today', long: 'received today' });
  });

  it('counts the list against its total, a lower bound marked with +, or only what is shown', () => {
    expect(describeListCount(12, { totalCount: 40 })).toBe('12 of 40');
    expect(describeListCount(12, { totalCount: 1000, totalCountIsLowerBound: true })).toBe('12 of 1000+');
    expect(describeListCount(12, { totalCount: null })).toBe('12 shown');
    expect(describeListCount(0, undefined)).toBe('0 shown');
  });

  it('names people by their display name, never by their id', () => {
    const nameOf = createPersonNamer({
      userId: 'auth0|demo-provider',
      displayName: 'Dr. Paula Reyes MD',
      people: [
        [person('auth0|demo-nurse', { firstName: 'Nina', lastName: 'Park', title: '', suffixes: 'RN' })],
        undefined,
      ],
    });
    expect(nameOf('auth0|demo-provider')).toBe('Dr. Paula Reyes MD');
    expect(nameOf('auth0|demo-nurse')).toBe('Nina Park RN');
    expect(nameOf('auth0|someone-else')).toBe(UNKNOWN_PERSON);
    expect(nameOf('auth0|someone-else')).not.toContain('auth0');
  });
});
