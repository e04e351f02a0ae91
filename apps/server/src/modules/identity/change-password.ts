import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { claimPasswordTicket } from '../credentials/password-tickets.repository';
import { hashPassword } from '../credentials/passwords';
import { setUserPassword } from '../users/users.repository';

export const MIN_PASSWORD_LENGTH = 12;

export type PasswordChangeOutcome =
  | { outcome: 'changed'; returnUrl: string }
  | { outcome: 'rejected'; message: string }
  | { outcome: 'expired' };

/**
 * Sets a new password through a password-change ticket. The ticket is claimed and the password set in one
 * transaction with its audit event, so a ticket works exactly once; whoever holds the link acts as the
 * account's owner.
 */
export async function changePassword(
  db: Db,
  input: { token: string; password: string; confirmation: string },
): Promise<PasswordChangeOutcome> {
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    return {
      outcome: 'rejected',
      message: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
    };
  }
  if (input.password !== input.confirmation) {
    return { outcome: 'rejected', message: 'The two passwords do not match.' };
  }
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (tx): Promise<PasswordChangeOutcome> => {
    const claimed = await claimPasswordTicket(tx, input.token);
    if (!claimed) return { outcome: 'expired' };
    await setUserPassword(tx, claimed.userId, passwordHash);
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: claimed.userId,
      eventType: 'password_changed',
      actorId: claimed.userId,
      note: 'through a password-change ticket',
    });
    return { outcome: 'changed', returnUrl: claimed.returnUrl };
  });
}
