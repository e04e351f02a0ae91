import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { issuePasswordTicket } from '../credentials/password-tickets.repository';
import { enqueueEmails } from '../notifications/email-outbox.repository';
import { findUserByEmail } from '../users/users.repository';

/** A link asked for on the sign-in page works for an hour (an administrator's for a day). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export type PasswordResetOutcome = 'sent' | 'no-account' | 'not-allowed' | 'limited';

/**
 * "Forgot password?": when the address belongs to a portal account that is not locked by an administrator,
 * issues a one-time password ticket and queues an e-mail with its link, with the audit event, in one
 * transaction. An account that signs in through its organisation has no portal password and gets nothing;
 * an invited account (no password yet) gets its first one this way, and a temporary lockout ends when the
 * new password is set. Past a few links a quarter hour, nothing more is sent. The caller answers the same page
 * whatever the outcome.
 */
export async function requestPasswordReset(
  db: Db,
  options: {
    email: string;
    publicUrl: string;
    appTitle: string;
    /** Whether one more link may be e-mailed to this account now (a few per quarter hour). */
    mayEmail: () => Promise<boolean>;
  },
): Promise<PasswordResetOutcome> {
  const user = await findUserByEmail(db, options.email);
  if (!user) return 'no-account';
  if (user.isLocked || !user.id.startsWith('auth0|')) return 'not-allowed';
  if (!(await options.mayEmail())) return 'limited';
  return inTransaction(db, async (tx) => {
    const { ticket, expiresAt } = await issuePasswordTicket(tx, {
      userId: user.id,
      returnUrl: `${options.publicUrl}/`,
      publicUrl: options.publicUrl,
      ttlMs: PASSWORD_RESET_TTL_MS,
      createdBy: 'forgot-password',
    });
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: user.id,
      eventType: 'password_ticket_created',
      // Nobody is signed in: whoever typed the address. The link only reaches the account's own inbox.
      actorId: null,
      note: "requested with 'Forgot password?' on the sign-in page",
      after: { expiresAt: expiresAt.toISOString() },
    });
    await enqueueEmails(tx, [
      {
        to: user.email,
        kind: 'password-reset',
        subject: `Set a new password for the ${options.appTitle}`,
        body: [
          'Hello,',
          '',
          `Someone asked to set a new password for your ${options.appTitle} account. To choose one, open this link within one hour:`,
          ticket,
          '',
          'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      },
    ]);
    return 'sent' as const;
  });
}
