import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/transaction';

// One-time password links. Only a token's hash is stored, so the table never holds a working link.

function hashTicketToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a new one-time password ticket for a user and returns the link to it. The caller audits it in
 * the same transaction.
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

/** The ticket behind a link while it can still be used: not used yet and not expired. */
export async function findUsablePasswordTicket(db: Db | Tx, token: string) {
  return db
    .selectFrom('passwordChangeTickets')
    .selectAll()
    .where('tokenHash', '=', hashTicketToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

/** Marks a usable ticket used and returns whose it is; undefined when it was used or has expired. */
export async function claimPasswordTicket(tx: Tx, token: string) {
  return tx
    .updateTable('passwordChangeTickets')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', hashTicketToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['userId', 'returnUrl'])
    .executeTakeFirst();
}
