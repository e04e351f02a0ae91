import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core on every screen the browser tests look at (issue 11 §6): every rule axe runs by default
// (WCAG 2.x A and AA plus its best practices), and a violation of any impact fails the test.

/** How many elements of one rule the failure lists before it says 'and N more'. */
const TARGETS_SHOWN = 5;
const HTML_SHOWN = 160;

/** One violated rule as a person reads it: rule, impact, what to fix, where, and axe's help page. */
export function describeViolation(
  violation: Pick<Result, 'id' | 'impact' | 'help' | 'helpUrl' | 'nodes'>,
): string {
  const lines = [
    `- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} [${violation.nodes.length}×]`,
    `  ${violation.helpUrl}`,
  ];
  for (const node of violation.nodes.slice(0, TARGETS_SHOWN)) {
    // The first line of the summary says which check failed, e.g. 'Element has insufficient color contrast
    // of 3.12 (foreground color: #ed6c02, background color: #ffffff, …)'.
    const why = (node.failureSummary ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line))
      .slice(0, 2)
      .join(' / ');
    // The selector finds it; the start of its HTML tells a person which element it is.
    const html = node.html.replace(/\s+/g, ' ');
    lines.push(`  at ${node.target.map(String).join(' >>> ')}`);
    lines.push(`     ${html.length > HTML_SHOWN ? `${html.slice(0, HTML_SHOWN)}…` : html}`);
    if (why) lines.push(`     ${why}`);
  }
  if (violation.nodes.length > TARGETS_SHOWN) {
    lines.push(`  and ${violation.nodes.length - TARGETS_SHOWN} more`);
  }
  return lines.join('\n');
}

export function describeViolations(screen: string, violations: readonly Result[]): string {
  return [
    `axe found ${violations.length} accessibility violation(s) on '${screen}':`,
    ...violations.map(describeViolation),
  ].join('\n');
}

/**
 * Marks the screen as checked: from now on any change to the document (an element, an attribute, a text)
 * or to the focus marks it changed. A new document starts without the mark, so it counts as changed.
 */
async function watchForChangesSinceCheck(page: Page): Promise<void> {
  await page.evaluate(() => {
    const screen = window as { portalUncheckedChange?: boolean; portalCheckWatcher?: MutationObserver };
    screen.portalCheckWatcher?.disconnect();
    screen.portalUncheckedChange = false;
    const changed = () => {
      screen.portalUncheckedChange = true;
    };
    screen.portalCheckWatcher = new MutationObserver(changed);
    screen.portalCheckWatcher.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    document.addEventListener('focusin', changed, { once: true });
  });
}

/** Whether the screen is exactly as axe last checked it: same document, nothing changed since, focus kept. */
export async function unchangedSinceLastCheck(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { portalUncheckedChange?: boolean }).portalUncheckedChange === false);
}

/** Runs axe on the page as it is now and throws a readable list when it finds any violation. */
export async function expectNoAccessibilityViolations(page: Page, screen: string): Promise<void> {
  // Legacy mode runs axe.run in the page itself: the default mode opens a second, blank page in the
  // context to combine results, which takes the focus from the page under test (menus close on blur).
  // The portal has no iframes, which is what the default mode is for.
  // Watched from before the run, so a change while axe runs counts as unchecked.
  await watchForChangesSinceCheck(page);
  // Only the violations are gathered: collecting every passing element too took half of axe's time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (results.violations.length > 0) {
    throw new Error(describeViolations(screen, results.violations));
  }
}
