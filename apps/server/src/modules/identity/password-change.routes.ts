import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashPassword } from './passwords';
import { FORGOT_PASSWORD_PATH, renderPasswordChangePage, renderProviderPage } from './provider-pages';

export const MIN_PASSWORD_LENGTH = 12;

export function hashTicketToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const params = z.object({ token: z.string().min(20).max(200) });
const body = z.object({
  password: z.string().max(1024).default(''),
  confirmation: z.string().max(1024).default(''),
});

const expiredPage = () =>
  renderProviderPage({
    title: 'Link expired',
    body: `<p>This password link has expired or was already used.</p><p>Ask for a new one with <a href="${FORGOT_PASSWORD_PATH}">Forgot password?</a>, or ask your administrator.</p>`,
  });

async function findUsableTicket(db: Db, token: string) {
  return db
    .selectFrom('passwordChangeTickets')
    .selectAll()
    .where('tokenHash', '=', hashTicketToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

/** The page a password-change ticket links to: set a new password once, then go back to returnUrl. */
export const passwordChangeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const hide = true;

  app.get('/account/password-change/:token', { schema: { hide, params } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    const ticket = await findUsableTicket(db, request.params.token);
    if (!ticket) return reply.code(410).send(expiredPage());
    return reply.send(renderPasswordChangePage({ action: request.url }));
  });

  app.post('/account/password-change/:token', { schema: { hide, params, body } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    const { password, confirmation } = request.body;
    const action = request.url;
    if (password.length < MIN_PASSWORD_LENGTH) {
      return reply.code(422).send(
        renderPasswordChangePage({
          action,
          error: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
        }),
      );
    }
    if (password !== confirmation) {
      return reply
        .code(422)
        .send(renderPasswordChangePage({ action, error: 'The two passwords do not match.' }));
    }
    const passwordHash = await hashPassword(password);
    // Claim the ticket and set the password in one transaction: a ticket works exactly once.
    const returnUrl = await inTransaction(db, async (tx) => {
      const claimed = await tx
        .updateTable('passwordChangeTickets')
        .set({ usedAt: new Date() })
        .where('tokenHash', '=', hashTicketToken(request.params.token))
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', new Date())
        .returning(['userId', 'returnUrl'])
        .executeTakeFirst();
      if (!claimed) return null;
      await tx
        .updateTable('users')
        .set({ passwordHash, failedLoginCount: 0, loginLockedUntil: null, updatedAt: new Date() })
        .where('id', '=', claimed.userId)
        .execute();
      await recordAuditEvent(tx, {
        clinicNpi: null,
        entityType: 'user',
        entityId: claimed.userId,
        eventType: 'password_changed',
        actorId: claimed.userId,
        note: 'through a password-change ticket',
      });
      return claimed.returnUrl;
    });
    if (!returnUrl) return reply.code(410).send(expiredPage());
    return reply.redirect(returnUrl, 303);
  });
};
