import type { RateLimitVerdict } from './rate-limiter';

/**
 * The per-account limits, checked once the e-mail is known: sign-in attempts (the login form and 'Forgot
 * password?'), and password links e-mailed to one account, so nobody can flood someone's inbox.
 */
export type SignInLimits = {
  perAccount(email: string): Promise<RateLimitVerdict>;
  resetEmails(email: string): Promise<RateLimitVerdict>;
};
