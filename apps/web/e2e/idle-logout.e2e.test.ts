import { IDLE_SIGNED_OUT_MESSAGE } from '@portal/domain';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { forgiveExpected, saveScreenshot, useBrowserSession } from './support/browser';
import { loginPageUrl, readAccessToken, signIn } from './support/portal';

const baseUrl = inject('baseUrl');
const NOTICE = 'Are you there?  Logging out due to inactivity.';

function notice(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'Are you there?' });
}

function countdown(page: Page) {
  return notice(page).getByRole('timer', { name: 'Time left before logout' });
}

describe('idle logout under a fake clock', () => {
  let page: Page;
  let problems: string[];

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });
  beforeEach(async () => {
    ({ page, problems } = session);
    // The fake clock runs at normal speed until a test jumps it forward.
    await page.clock.install();
    await signIn(page, baseUrl, 'nurse@example.org');
  });

  it('warns after 20 minutes, counts down 5, and Continue Working keeps the user in', async () => {
    await page.clock.fastForward('19:50');
    expect(await notice(page).count()).toBe(0);

    await page.clock.fastForward('00:11');
    await notice(page).waitFor();
    // Exactly SPEC's text, two spaces included.
    expect(await notice(page).locator('[data-idle-message]').textContent()).toBe(NOTICE);
    expect(await countdown(page).textContent()).toMatch(/^0[45]:\d\d$/);
    await saveScreenshot(page, 'idle-notice', { fullPage: false });

    // It does not go away by itself: a minute later it is still there, a minute lower.
    await page.clock.fastForward('01:00');
    await expect.poll(() => countdown(page).textContent()).toMatch(/^0[34]:\d\d$/);

    await notice(page).getByRole('button', { name: 'Continue Working' }).click();
    await notice(page).waitFor({ state: 'hidden' });

    // Activity restarted the wait: 19 minutes later there is no notice yet.
    await page.clock.fastForward('19:00');
    expect(await notice(page).count()).toBe(0);
    expect(await readAccessToken(page)).toBeTruthy();
  });

  it('a key press or a wheel event dismisses the notice too', async () => {
    await page.clock.fastForward('20:01');
    await notice(page).waitFor();
    await page.keyboard.press('Shift');
    await notice(page).waitFor({ state: 'hidden' });

    await page.clock.fastForward('20:01');
    await notice(page).waitFor();
    await page.mouse.wheel(0, 200);
    await notice(page).waitFor({ state: 'hidden' });
  });

  it('signs the user out when the countdown reaches zero', async () => {
    await page.clock.fastForward('20:01');
    await notice(page).waitFor();
    await page.clock.fastForward('04:30');
    await expect.poll(() => countdown(page).textContent()).toMatch(/^00:[23]\d$/);
    await page.clock.fastForward('00:31');
    // Signed out at the provider too: the portal is back on the login page, with no tokens.
    await page.waitForURL(loginPageUrl);
    expect(await readAccessToken(page)).toBeUndefined();
    // Not without a word: the sign-in page says why.
    await page.getByRole('status').filter({ hasText: IDLE_SIGNED_OUT_MESSAGE }).waitFor();
    expect(IDLE_SIGNED_OUT_MESSAGE).toBe('You were signed out after 25 minutes without activity.');
    await saveScreenshot(page, 'idle-signed-out-sign-in-page', { fullPage: false });
    // The clock's jump makes the page refresh what went stale at the moment it signs out; a request still
    // in flight when the tokens are revoked is refused (and logged). That is the sign-out working.
    forgiveExpected(problems, [
      /Failed to load resource: the server responded with a status of 40[01]/,
      /API call failed \{statusCode: 401, reason: Unauthorized\}/,
    ]);
  });
});
