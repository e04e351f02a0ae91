import type { PasswordTicket } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { issuePasswordTicket } from '../credentials/password-tickets.repository';
import { getUserInScope } from './user-scope';

export const PASSWORD_TICKET_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A one-time link, valid for a day, where the user sets a new password at the embedded provider and is
 * then sent to returnUrl. Only the token's hash is stored. returnUrl must be on the portal's own origin,
 * so a ticket cannot bounce a user to a foreign site.
 */
export async function createPasswordTicket(
  db: Db,
  actor: Actor,
  options: { userId: string; returnUrl: string; publicUrl: string },
): Promise<PasswordTicket> {
  if (new URL(options.returnUrl).origin !== new URL(options.publicUrl).origin) {
    throw new UnprocessableError('returnUrl must be an address of this portal', [
      { field: 'returnUrl', message: `must start with ${new URL(options.publicUrl).origin}` },
    ]);
  }
  return inTransaction(db, async (tx) => {
    const { user } = await getUserInScope(tx, actor, options.userId, 'user:password-ticket');
    if (!user.id.startsWith('auth0|')) {
      throw new UnprocessableError(
        'This user signs in through their organisation and has no portal password',
        [{ field: 'id', message: 'is a federated (SAML) account' }],
      );
    }
    const { ticket, expiresAt } = await issuePasswordTicket(tx, {
      userId: user.id,
      returnUrl: options.returnUrl,
      publicUrl: options.publicUrl,
      ttlMs: PASSWORD_TICKET_TTL_MS,
      createdBy: actor.id,
    });
    await recordAuditEvent(tx, {
      clinicNpi: null,
      entityType: 'user',
      entityId: user.id,
      eventType: 'password_ticket_created',
      actorId: actor.id,
      after: { expiresAt: expiresAt.toISOString(), returnUrl: options.returnUrl },
    });
    return { ticket, expiresAt: expiresAt.toISOString() };
  });
}
