// Set up before every unit test file (vitest.config.ts). In a component test (jsdom), Testing Library's
// findBy… and waitFor wait up to 10 s instead of 1 s: they wait for a state (a list drawn, a debounced
// search sent), and on a busy 2-core machine (CI beside other work) timers and renders run several times
// late. A test that passes waits no longer for it.
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
}
