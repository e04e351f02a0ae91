/** The public URL every test app runs under. */
export const TEST_PUBLIC_URL = 'http://portal.test';

/**
 * The audit key of every test database and test app: the per-run template is seeded (in another process)
 * with events linked under it, so each test app must use the same key.
 */
export const TEST_AUDIT_KEY = 'test-audit-key-0123456789abcdef0123456789abcdef';
