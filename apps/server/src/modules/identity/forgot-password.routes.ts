import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import {
  FORGOT_PASSWORD_PATH,
  renderForgotPasswordPage,
  renderForgotPasswordSentPage,
} from './provider-pages';
import { requestPasswordReset } from './request-password-reset';
import type { SignInLimits } from './sign-in-limits';

// Both answers take at least this long, so the time to answer does not tell a known address (a ticket
// written, an e-mail queued) from an unknown one.
const MIN_ANSWER_MS = 400;

const body = z.object({ email: z.string().trim().max(320).default('') });
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

export const TOO_MANY_RESET_REQUESTS_MESSAGE =
  'Too many requests for this address. Wait a minute, then try again.';

/**
 * "Forgot password?" of the embedded provider's login page: asks for the e-mail address and answers the
 * same page whether or not an account uses it. Limited per address (the identity plugin's hook), per
 * account (the sign-in limit's budget, for any address, known or not: 429), and in the links e-mailed to
 * one account (silently: the same page, no e-mail).
 */
export const forgotPasswordRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  appTitle: string;
  limits: SignInLimits;
}> = async (app, { db, publicUrl, appTitle, limits }) => {
  const hide = true;

  app.get(FORGOT_PASSWORD_PATH, { schema: { hide } }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderForgotPasswordPage()),
  );

  app.post(FORGOT_PASSWORD_PATH, { schema: { hide, body } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    const { email } = request.body;
    if (!LOOKS_LIKE_EMAIL.test(email)) {
      return reply
        .code(422)
        .send(renderForgotPasswordPage({ email, error: 'Enter the e-mail address you sign in with.' }));
    }
    const accountLimit = await limits.perAccount(email);
    if (!accountLimit.allowed) {
      request.log.info({ event: 'password-reset-limited' }, 'password reset requests over the account limit');
      return reply
        .code(429)
        .header('Retry-After', String(accountLimit.retryAfterSeconds))
        .send(renderForgotPasswordPage({ email, error: TOO_MANY_RESET_REQUESTS_MESSAGE }));
    }
    const started = Date.now();
    // No e-mail address and no outcome in the log: it would tell which addresses have accounts.
    request.log.info({ event: 'password-reset-requested' }, 'password reset requested');
    await requestPasswordReset(db, {
      email,
      publicUrl,
      appTitle,
      mayEmail: async () => (await limits.resetEmails(email)).allowed,
    });
    const left = MIN_ANSWER_MS - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    return reply.send(renderForgotPasswordSentPage());
  });
};
