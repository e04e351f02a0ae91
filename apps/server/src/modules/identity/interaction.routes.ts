import {
  IDLE_SIGNED_OUT_MESSAGE,
  isSignedOutReason,
  SIGNED_OUT_PARAM,
  type SignedOutReason,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/transaction';
import { ACCOUNT_LOCKED_MESSAGE, checkCredentials, SIGN_IN_FAILED_MESSAGE } from './check-credentials';
import { renderLoginPage, renderProviderPage } from './provider-pages';
import type { SignInLimits } from './sign-in-limits';

/** What the sign-in page says when the portal signed the user out for a reason (the signed_out parameter). */
const SIGNED_OUT_NOTICES: Record<SignedOutReason, string> = { idle: IDLE_SIGNED_OUT_MESSAGE };

const interactionParams = z.object({ uid: z.string().min(1).max(200) });
const loginBody = z.object({
  email: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
});

/** The same for any e-mail, known or not, so it tells nothing about which accounts exist. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many sign-in attempts for this account. Wait a minute, then try again.';

const AUTO_SUBMIT_LOGOUT = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  var button = document.querySelector('button[name="logout"]');
  if (form && button) form.requestSubmit(button);
});`;

/**
 * The provider's login page, outside /idp because oidc-provider answers 404 to paths it does not know.
 * It completes the interaction and sends the browser back into the authorization flow.
 */
export const interactionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  provider: Provider;
  limits: SignInLimits;
}> = async (app, { db, provider, limits }) => {
  const hidden = { hide: true };

  app.get('/interaction-assets/auto-submit-logout.js', { schema: hidden }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(AUTO_SUBMIT_LOGOUT),
  );

  app.get(
    '/interaction/:uid',
    { schema: { ...hidden, params: interactionParams } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'login') {
        const signedOut = details.params[SIGNED_OUT_PARAM];
        const notice = isSignedOutReason(signedOut) ? SIGNED_OUT_NOTICES[signedOut] : undefined;
        return reply
          .type('text/html; charset=utf-8')
          .send(renderLoginPage({ action: `/interaction/${details.uid}/login`, notice }));
      }
      // The portal is first-party: any other prompt (consent) is granted by loadExistingGrant on the way back.
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: {} },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(redirectTo, 303);
    },
  );

  app.post(
    '/interaction/:uid/login',
    { schema: { ...hidden, params: interactionParams, body: loginBody } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { email, password } = request.body;
      // Per account as well as per address: a rotating address cannot keep guessing one account.
      const accountLimit = email ? await limits.perAccount(email) : ({ allowed: true } as const);
      if (!accountLimit.allowed) {
        request.log.info({ event: 'sign-in-limited' }, 'sign-in attempts over the account limit');
        return reply
          .code(429)
          .header('Retry-After', String(accountLimit.retryAfterSeconds))
          .type('text/html; charset=utf-8')
          .send(
            renderLoginPage({
              action: `/interaction/${details.uid}/login`,
              email,
              error: TOO_MANY_ATTEMPTS_MESSAGE,
            }),
          );
      }
      const result = email && password ? await checkCredentials(db, email, password) : { ok: false as const };
      if (!result.ok) {
        request.log.info({ event: 'sign-in-failed' }, 'sign-in failed');
        return reply
          .code(401)
          .type('text/html; charset=utf-8')
          .send(
            renderLoginPage({
              action: `/interaction/${details.uid}/login`,
              email,
              error: 'locked' in result && result.locked ? ACCOUNT_LOCKED_MESSAGE : SIGN_IN_FAILED_MESSAGE,
            }),
          );
      }
      request.log.info({ event: 'sign-in' }, 'signed in');
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.userId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    },
  );

  app.setErrorHandler(async (error, request, reply) => {
    // An expired or unknown interaction: start again from the portal rather than show a raw error.
    request.log.info({ err: { type: (error as Error).name } }, 'interaction failed');
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(
        renderProviderPage({
          title: 'Sign-in expired',
          body: '<p>This sign-in page has expired.</p><p><a href="/">Start again</a></p>',
        }),
      );
  });
};
