// The integration projects' time limits (vitest.config.ts), in one place (issue 27). A test waits for what
// it waits for (an answer, a server process healthy, a socket closed); these limits only decide when waiting
// has become a failure. CI runs on a 2-core machine that may be four times slower than usual, with the browser
// tests beside the integration run: a process test that starts, seeds and stops real servers, or a
// bad-input test of a hundred requests, took over a minute there.
export const INTEGRATION_TEST_TIMEOUT_MS = 300_000;
export const INTEGRATION_HOOK_TIMEOUT_MS = 300_000;
