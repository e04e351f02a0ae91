import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import { findUsablePasswordTicket } from '../credentials/password-tickets.repository';
import { changePassword } from './change-password';
import { FORGOT_PASSWORD_PATH, renderPasswordChangePage, renderProviderPage } from './provider-pages';

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

/** The page a password-change ticket links to: set a new password once, then go back to returnUrl. */
export const passwordChangeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const hide = true;

  app.get('/account/password-change/:token', { schema: { hide, params } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    const ticket = await findUsablePasswordTicket(db, request.params.token);
    if (!ticket) return reply.code(410).send(expiredPage());
    return reply.send(renderPasswordChangePage({ action: request.url }));
  });

  app.post('/account/password-change/:token', { schema: { hide, params, body } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    const result = await changePassword(db, { token: request.params.token, ...request.body });
    switch (result.outcome) {
      case 'rejected':
        return reply.code(422).send(renderPasswordChangePage({ action: request.url, error: result.message }));
      case 'expired':
        return reply.code(410).send(expiredPage());
      case 'changed':
        return reply.redirect(result.returnUrl, 303);
    }
  });
};
