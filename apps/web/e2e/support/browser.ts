import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { expectNoAccessibilityViolations } from './accessibility';

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

/** Debian's Chromium (apt-get install chromium); Playwright's own download is not available here. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROME_ARGS, ...extraArgs],
  });
}

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');
const SETTLE_PAUSE_MS = 250;

/**
 * Lets transitions finish (drawer slide, menu fade) so the screen is settled. Endless animations (an
 * indeterminate progress bar) never finish, so they are not waited for.
 */
async function waitForSettledScreen(page: Page): Promise<void> {
  const noFiniteAnimations = () =>
    page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
    );
  // Twice, a moment apart: an answer that lands just after the first look starts new transitions (a
  // button turning disabled fades its colour), and axe would measure a colour halfway.
  await noFiniteAnimations();
  await page.waitForTimeout(SETTLE_PAUSE_MS);
  await noFiniteAnimations();
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
      // already failed keeps its own failure as the one reported.
      const page = session.page;
      if (task.result?.state !== 'fail' && page && !page.isClosed() && /^https?:/.test(page.url())) {
        await checkAccessibility(page, `the last screen of '${task.name}'`);
      }
    } finally {
      await session.context?.close();
    }
    expect(session.problems).toEqual([]);
  });
  return session;
}
