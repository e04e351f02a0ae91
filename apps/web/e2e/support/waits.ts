// How long a browser test waits, in one place (issue 27). A browser test waits for what the user would wait
// for (an element, the viewer's ready state, the network gone quiet after a change), never for a fixed time.
// The limits below only decide when waiting becomes a failure, so they are generous: CI runs on a 2-core
// machine that may be four times slower than usual, with the integration suite, the portal server and
// Chromium sharing those two cores.

/**
 * The longest a test waits for one state a user waits for: a list, a toast, a PDF drawn by pdf.js, a live
 * update over the realtime channel. Measured on a busy 2-core machine (two busy loops beside `npm test`), a
 * report's first page took over 20 s to draw; 60 s leaves room for a slower day. It is the default of
 * `expect.poll` (vitest.config.ts) and of every Playwright action and wait (launchBrowser).
 */
export const STATE_WAIT_MS = 60_000;

/**
 * The longest one browser test may run: a test is a story of several states, each awaited up to
 * STATE_WAIT_MS (signing in, opening a report, signing it, downloading it). The limit only stops a hung test.
 */
export const BROWSER_TEST_TIMEOUT_MS = 300_000;

/**
 * The longest a file's set-up may run: it signs in one or more users and may wait for the demo documents,
 * which the server seeds in the background after it starts.
 */
export const BROWSER_HOOK_TIMEOUT_MS = 300_000;

/**
 * How long a browser test waits for work the server hands to a vendor through its outbox (an EMR delivery, a
 * correction): the outbox does one piece at a time, so in the whole suite this test's delivery waits behind the
 * deliveries of every document earlier tests signed, and a first attempt that timed out is retried after 5 s,
 * 10 s, 20 s. Generous, as a busy 2-core machine needs.
 */
export const VENDOR_QUEUE_WAIT_MS = 240_000;
/** A test that waits on the outbox three times over. */
export const VENDOR_QUEUE_TEST_TIMEOUT_MS = 900_000;
