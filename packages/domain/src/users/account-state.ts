import { z } from 'zod';

/**
 * Where an account stands, as the Users screen shows it:
 * - 'invited': a portal account with no password yet (created without one; it waits for a password link);
 * - 'active': can sign in;
 * - 'locked': an administrator locked it;
 * - 'temporarily-locked': five failed sign-ins in a row; it opens again by itself after 15 minutes.
 * An administrator's lock wins over the others. Accounts that sign in through their organisation (SAML)
 * have no portal password and are never 'invited'.
 */
export const USER_ACCOUNT_STATES = ['invited', 'active', 'locked', 'temporarily-locked'] as const;
export const userAccountStateSchema = z.enum(USER_ACCOUNT_STATES);
export type UserAccountState = z.infer<typeof userAccountStateSchema>;

export const USER_ACCOUNT_STATE_LABELS = {
  invited: 'Invited — no password yet',
  active: 'Active',
  locked: 'Locked',
  'temporarily-locked': 'Temporarily locked (too many attempts)',
} as const satisfies Record<UserAccountState, string>;

export function deriveUserAccountState(
  account: {
    isLocked: boolean;
    /** whether the account has a portal password */
    hasPassword: boolean;
    /** whether it signs in through its organisation (a SAML account) rather than with a portal password */
    isFederated: boolean;
    loginLockedUntil: Date | string | null;
  },
  now: Date = new Date(),
): UserAccountState {
  if (account.isLocked) return 'locked';
  if (account.loginLockedUntil !== null && new Date(account.loginLockedUntil).getTime() > now.getTime()) {
    return 'temporarily-locked';
  }
  if (!account.isFederated && !account.hasPassword) return 'invited';
  return 'active';
}
