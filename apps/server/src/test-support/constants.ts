/** The public URL every test app runs under. */
export const TEST_PUBLIC_URL = 'http://portal.test';
