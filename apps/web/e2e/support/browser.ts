import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { expectNoAccessibilityViolations, unchangedSinceLastCheck } from './accessibility';
import { STATE_WAIT_MS } from './waits';

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium (apt-get install chromium); Playwright's own download is not available here. Every
 * context it makes waits up to STATE_WAIT_MS for an action or a state, and counts its pages' requests in
 * flight, so a test can wait for the network to go quiet after a change.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROME_ARGS, ...extraArgs],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    context.setDefaultTimeout(STATE_WAIT_MS);
    context.on('page', trackRequestsInFlight);
    return context;
  };
  return browser;
}

const requestsInFlight = new WeakMap<Page, Set<Request>>();

function trackRequestsInFlight(page: Page): Set<Request> {
  let inFlight = requestsInFlight.get(page);
  if (inFlight) return inFlight;
  const requests = new Set<Request>();
  page.on('request', (request) => {
    // A reload or a navigation to another document ends the old one, and Chromium does not always report
    // the end of the calls it still had open (a call waiting on a token renewal, say). They went with the
    // old document. (An in-app route change is no document navigation and keeps its calls.)
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requests.clear();
    requests.add(request);
  });
  // The answer has arrived once its headers have: a body the page never reads (a refused call it retries)
  // may never report its end. A redirected request answers too, and its next hop is a request of its own.
  page.on('response', (response) => requests.delete(response.request()));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  requestsInFlight.set(page, requests);
  inFlight = requests;
  return inFlight;
}

/**
 * Waits until no request of the page is in flight: what a user waits for after a change (the answer, and
 * the lists it refreshes). The realtime WebSocket is not a request and does not count.
 */
export async function waitForQuietNetwork(page: Page): Promise<void> {
  const inFlight = trackRequestsInFlight(page);
  await expect
    .poll(() => [...inFlight].map((request) => `${request.method()} ${request.url()}`), {
      message: 'requests still in flight',
    })
    .toEqual([]);
}

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');
/**
 * Waits until the screen is settled: no request in flight, and no transition running (drawer slide, menu
 * fade) for at least two frames, twice over. An answer that lands after the first look starts new
 * transitions (a button turning disabled fades its colour), and axe would measure a colour halfway. The
 * frames are counted by Playwright's own frame-by-frame polling, which also runs under a test's fake clock.
 * Endless animations (an indeterminate progress bar) never finish, so they are not waited for.
 */
async function waitForSettledScreen(page: Page): Promise<void> {
  for (let look = 0; look < 2; look += 1) {
    await waitForQuietNetwork(page);
    await page.evaluate(() => {
      (window as { portalSettledFrames?: number }).portalSettledFrames = 0;
    });
    await page.waitForFunction(
      () => {
        const settle = window as { portalSettledFrames?: number };
        settle.portalSettledFrames = (settle.portalSettledFrames ?? 0) + 1;
        return (
          settle.portalSettledFrames > 2 &&
          document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity)
        );
      },
      undefined,
      { polling: 'raf' },
    );
  }
}

/**
 * Checks the screen as it is now with axe-core (issue 11 §6): any violation, of any impact, fails the
 * test with a list of rules, impacts, elements and help pages. saveScreenshot calls it; call it directly
 * for a screen the test looks at without a picture.
 */
export async function checkAccessibility(page: Page, screen: string): Promise<void> {
  await waitForSettledScreen(page);
  await expectNoAccessibilityViolations(page, screen);
}

/**
 * Saves apps/web/e2e/screenshots/<name>.png (gitignored) for a person to look at, then checks the same
 * screen with axe-core: every screen a test looks at is one people must be able to use.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  await waitForSettledScreen(page);
  const file = path.join(screenshotDir, `${name}.png`);
  // fullPage by default; pass false when fixed overlays (the drawer) matter, as they span the viewport only.
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  // After the picture, so a failing screen can be looked at.
  await expectNoAccessibilityViolations(page, name);
  return file;
}

/**
 * What a failed test's screen showed, for a failure on a CI machine nobody can look at afterwards: a
 * screenshot (screenshots/FAILED-<test>.png), the page's path and the problems the page reported so far.
 */
async function describeFailedScreen(page: Page, testName: string, problems: string[]): Promise<void> {
  const name = `FAILED-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // The picture is a help, not a second failure: a page that cannot be drawn any more says so.
  const saved = await page.screenshot({ path: file, timeout: 10_000 }).then(
    () => file,
    (error: unknown) => `no screenshot (${error instanceof Error ? error.message.split('\n')[0] : error})`,
  );
  const { pathname, search } = new URL(page.url());
  console.error(
    [
      `Failed: '${testName}' ended on ${pathname}${search}`,
      `  screen: ${saved}`,
      ...(problems.length > 0
        ? problems.map((problem) => `  page: ${problem}`)
        : ['  page: no problems reported']),
    ].join('\n'),
  );
}

/** Drops the problems a test expected (a failure it provoked on purpose), so the rest still fail it. */
export function forgiveExpected(problems: string[], patterns: RegExp[]) {
  const kept = problems.filter((problem) => !patterns.some((pattern) => pattern.test(problem)));
  problems.splice(0, problems.length, ...kept);
}

/**
 * Collects what would otherwise fail silently in a real browser: uncaught errors, console errors
 * (CSP violations are reported there) and failed requests.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The provider's server-rendered login page has no icon, so the browser's own favicon.ico probe 404s.
    if (message.location().url.endsWith('/favicon.ico')) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // Cancelled fetches (a newer query replaced an older one) are normal, not failures.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(
      `requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
    );
  });
  return problems;
}

export type BrowserSession = { browser: Browser; context: BrowserContext; page: Page; problems: string[] };

/**
 * The life of a browser test file: one Chromium for the file, a fresh context and page for each test, and
 * after each test no accessibility violation on the screen it ended on, and no uncaught error, console
 * error (CSP violations land there) or failed request.
 */
export function useBrowserSession(
  contextOptions: BrowserContextOptions = { viewport: { width: 1440, height: 900 } },
  /** More Chromium flags, made when the file's browser starts (e.g. a fake camera fed from a file). */
  launchArgs: () => Promise<readonly string[]> | readonly string[] = () => [],
): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    session.browser = await launchBrowser(await launchArgs());
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext(contextOptions);
    session.page = await session.context.newPage();
    session.problems = watchPageProblems(session.page);
  });
  afterEach(async ({ task }) => {
    try {
      // The screen a test ends on is checked too, whether or not it took a picture of it. A test that
      // already failed keeps its own failure as the one reported, with what the screen showed beside it.
      const page = session.page;
      if (page && !page.isClosed() && /^https?:/.test(page.url())) {
        if (task.result?.state === 'fail') await describeFailedScreen(page, task.name, session.problems);
        // A screen the test already checked, unchanged since, is not checked again.
        else if (!(await unchangedSinceLastCheck(page)))
          await checkAccessibility(page, `the last screen of '${task.name}'`);
      }
    } finally {
      await session.context?.close();
    }
    expect(session.problems).toEqual([]);
  });
  return session;
}
