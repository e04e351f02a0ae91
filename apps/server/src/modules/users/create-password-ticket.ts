import { randomBytes } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashTicketToken } from '../identity/password-change.routes';
import { getUserInScope } from './user-scope';

export const PASSWORD_TICKET_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a new one-time password ticket for a user (only its token's hash) and returns the link to it. The
 * caller audits it in the same transaction.
 */
export async function issuePasswordTicket(
  tx: Tx,
  options: { userId: string; returnUrl: string; publicUrl: string; ttlMs: number; createdBy: string },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + options.ttlMs);
  await tx
    .insertInto('passwordChangeTickets')
    .values({
      tokenHash: hashTicketToken(token),
      userId: options.userId,
      returnUrl: options.returnUrl,
      expiresAt,
      createdBy: options.createdBy,
    })
    .execute();
  return { ticket: `${options.publicUrl}/account/password-change/${token}`, expiresAt };
}

/**
 * A one-time link, valid for a day, where the user sets a new password at the embedded provider and is
 * then sent to returnUrl. Only the token's hash is stored. returnUrl must be on the portal's own origin,
 * so a ticket cannot bounce a user to a foreign site.
 */
export async function createPasswordTicket(
  db: Db,
  actor: Actor,
  options: { userId: string; returnUrl: string; publicUrl: string },
) {
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
