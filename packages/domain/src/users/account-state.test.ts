import { describe, expect, it } from 'vitest';
import { deriveUserAccountState, USER_ACCOUNT_STATE_LABELS } from './account-state';

const NOW = new Date('2026-11-23T12:00:00Z');
const account = {
  isLocked: false,
  hasPassword: true,
  isFederated: false,
  loginLockedUntil: null as Date | string | null,
};

describe('deriveUserAccountState: what the Users screen says of an account', () => {
  it.each([
    ['a portal account with a password', {}, 'active'],
    ['a new portal account without a password', { hasPassword: false }, 'invited'],
    [
      'an account that signs in through its organisation has no portal password, and is active',
      { hasPassword: false, isFederated: true },
      'active',
    ],
    ['an account an administrator locked', { isLocked: true }, 'locked'],
    ['a locked account without a password is locked first', { isLocked: true, hasPassword: false }, 'locked'],
    [
      'five failed sign-ins: locked for a while',
      { loginLockedUntil: new Date('2026-11-23T12:10:00Z') },
      'temporarily-locked',
    ],
    [
      'the same, as the API sends the time',
      { loginLockedUntil: '2026-11-23T12:10:00.000Z' },
      'temporarily-locked',
    ],
    [
      'a lockout that has run out is active again',
      { loginLockedUntil: new Date('2026-11-23T11:59:59Z') },
      'active',
    ],
    [
      'an administrator lock wins over a lockout',
      { isLocked: true, loginLockedUntil: new Date('2026-11-23T12:10:00Z') },
      'locked',
    ],
  ] as const)('%s', (_story, change, expected) => {
    expect(deriveUserAccountState({ ...account, ...change }, NOW)).toBe(expected);
  });

  it('says each state in plain words', () => {
    expect(USER_ACCOUNT_STATE_LABELS).toEqual({
      invited: 'Invited — no password yet',
      active: 'Active',
      locked: 'Locked',
      'temporarily-locked': 'Temporarily locked (too many attempts)',
    });
  });
});
