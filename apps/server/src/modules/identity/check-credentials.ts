import type { Db } from '../../db/transaction';
import { verifyPassword } from '../credentials/passwords';
import { findUserByEmail, setSignInCounters } from '../users/users.repository';

export const MAX_FAILED_LOGINS = 5;
export const LOGIN_LOCKOUT_MS = 15 * 60 * 1000;

/** One message for every failure, so a response never tells which of email and password was wrong. */
export const SIGN_IN_FAILED_MESSAGE =
  'Sign-in failed. Check your email and password; after repeated failures the account is locked for 15 minutes.';

/**
 * Said only to someone who gave the right password for a locked account: they have shown it is theirs, so
 * telling them it is locked leaks nothing, and it saves them guessing. A wrong password never learns it.
 */
export const ACCOUNT_LOCKED_MESSAGE = 'This account is locked. Ask your clinic administrator.';

export type CredentialCheck = { ok: true; userId: string } | { ok: false; locked?: true };

/**
 * Checks an email and password. Five failures in a row lock the account for 15 minutes; a user with
 * isLocked set cannot sign in at all. A right password during a lockout still fails. A success records
 * the time as the user's last sign-in.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  now = new Date(),
): Promise<CredentialCheck> {
  const user = await findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user) return { ok: false };

  const lockedOut = user.loginLockedUntil !== null && user.loginLockedUntil > now;
  if (user.isLocked || lockedOut) return passwordMatches ? { ok: false, locked: true } : { ok: false };

  if (!passwordMatches) {
    const failures = user.failedLoginCount + 1;
    await setSignInCounters(db, user.id, {
      failedLoginCount: failures >= MAX_FAILED_LOGINS ? 0 : failures,
      loginLockedUntil: failures >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOGIN_LOCKOUT_MS) : null,
    });
    return { ok: false };
  }

  // A sign-in is not a change to the user: it is recorded for the Users screen, not audited, and leaves
  // updatedAt alone.
  await setSignInCounters(db, user.id, { failedLoginCount: 0, loginLockedUntil: null, lastSignInAt: now });
  return { ok: true, userId: user.id };
}
