import { DOCUMENT_NOT_FOUND_SUBTITLE, documentTypeLabel, formatUsDate } from '@portal/domain';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { checkAccessibility, saveScreenshot, useBrowserSession } from './support/browser';
import { documentItem } from './support/inbox';
import { DEMO_CLINIC, readAccessToken, signIn } from './support/portal';
import { STATE_WAIT_MS } from './support/waits';

const baseUrl = inject('baseUrl');
const INBOX = '/signature/dashboard/';
const PROVIDER_ID = 'auth0|demo-provider';

function bell(page: Page) {
  return page.getByRole('button', { name: /^Notifications, \d+ unread$/, includeHidden: true });
}

async function readUnreadCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? Number.NaN);
}

function panel(page: Page) {
  return page.getByRole('dialog', { name: 'Notifications' });
}

function notificationList(page: Page) {
  return panel(page).getByRole('list', { name: 'Notifications' });
}

function itemWithText(page: Page, text: string) {
  return notificationList(page).getByRole('listitem').filter({ hasText: text });
}

function unreadOnlySwitch(page: Page) {
  return panel(page).getByRole('switch', { name: 'Unread only' });
}

function toasts(page: Page) {
  // By test id: while a dialog is open the page around it (the toasts too) is hidden from roles.
  return page.getByTestId('notification-toast');
}

/** Signs in at the inbox and waits until the bell shows a count and new notifications arrive live. */
async function openPortalLive(page: Page) {
  await signIn(page, baseUrl, 'provider@example.org', { path: INBOX });
  await bell(page).waitFor();
  await expect.poll(() => bell(page).getAttribute('data-realtime')).toBe('live');
}

async function openBell(page: Page) {
  await bell(page).click();
  await panel(page).waitFor();
  // The list (or its empty state) has loaded.
  await expect.poll(() => panel(page).getByRole('status').count()).toBe(0);
}

async function closeBell(page: Page) {
  await page.keyboard.press('Escape');
  await panel(page).waitFor({ state: 'hidden' });
}

/** The nurse, through the API (a second signed-in browser gave the token). */
type Nurse = { token: string; documentId: string };

type DocumentAttributes = {
  type: string;
  dos: string;
  patientFirstName: string;
  patientLastName: string;
};

/** The document line a notification item shows: patient, type label, date of service. */
function documentLine(attributes: DocumentAttributes) {
  const label = documentTypeLabel(attributes.type);
  return `${attributes.patientLastName}, ${attributes.patientFirstName} · ${label} · DOS ${formatUsDate(attributes.dos)}`;
}

/**
 * The notification's document is open in the inbox: listed, in view and selected (the link's idIn
 * narrows the list to it and selects it).
 */
async function expectDocumentOpen(page: Page, id: string) {
  const item = documentItem(page, id);
  await expect.poll(() => item.count()).toBe(1);
  await expect
    .poll(() =>
      item.evaluate(
        (element) =>
          element.matches('[aria-current="true"], [aria-selected="true"]') ||
          element.querySelector('[aria-current="true"], [aria-selected="true"]') !== null,
      ),
    )
    .toBe(true);
  // In view: inside the window and inside the list's own scrolling area, wherever the inbox scrolls.
  await expect
    .poll(() =>
      item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        if (box.height === 0) return false;
        let view = { top: 0, bottom: window.innerHeight };
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflow = getComputedStyle(parent).overflowY;
          if (overflow === 'auto' || overflow === 'scroll') {
            const area = parent.getBoundingClientRect();
            view = { top: Math.max(view.top, area.top), bottom: Math.min(view.bottom, area.bottom) };
          }
        }
        return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
      }),
    )
    .toBe(true);
}

/** Every realtime frame the page receives, to check what they carry. */
function recordRealtimeFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  return frames;
}

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** The nurse comments on the document, addressed to the provider: the provider gets a notification. */
async function commentToProvider(nurse: Nurse, text: string) {
  await api(nurse.token, `/api/reports/${nurse.documentId}/comments`, {
    method: 'POST',
    body: { to: PROVIDER_ID, text },
  });
}

describe('notifications in a real browser', () => {
  let page: Page;
  const nurse = {} as Nurse;

  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });

  beforeAll(async () => {
    const context = await session.browser.newContext();
    try {
      const nursePage = await context.newPage();
      await signIn(nursePage, baseUrl, 'nurse@example.org');
      nurse.token = (await readAccessToken(nursePage)) ?? '';
      expect(nurse.token).not.toBe('');
      // The demo documents are seeded in the background after the server starts.
      const firstDocumentId = async () =>
        (
          await api<{ data: { id: string }[] }>(
            nurse.token,
            `/api/reports?filter[clinicNpi]=${DEMO_CLINIC.npi}&filter[status]=any&page[limit]=1`,
          )
        ).data[0]?.id;
      // expect.poll belongs to a test; a beforeAll hook polls with vi.waitFor, under the same limit.
      nurse.documentId = await vi.waitFor(
        async () => {
          const id = await firstDocumentId();
          if (!id) throw new Error('no demo document yet');
          return id;
        },
        { timeout: STATE_WAIT_MS, interval: 250 },
      );
    } finally {
      await context.close();
    }
  });

  beforeEach(() => {
    ({ page } = session);
  });

  it('a comment for the provider rings the bell live, with a toast, shows its document and opens it selected', async () => {
    const frames = recordRealtimeFrames(page);
    await openPortalLive(page);
    const before = await readUnreadCount(page);
    await saveScreenshot(page, 'notifications-header', { fullPage: false });
    const document = await api<{ attributes: DocumentAttributes }>(
      nurse.token,
      `/api/reports/${nurse.documentId}`,
    );

    const text = `Please look at the night episode (${Date.now()}).`;
    await commentToProvider(nurse, text);

    // No reload: the count rises and a toast with the title shows bottom-left. (A reminder the server
    // sends at start-up may ring too, so counts are compared, not fixed.)
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThan(before);
    const toast = toasts(page)
      .filter({ hasText: /commented on the/ })
      .first();
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box?.x ?? Number.NaN).toBeLessThan(100);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(900 - 120);
    await saveScreenshot(page, 'notifications-toast', { fullPage: false });

    // The realtime event carries ids only: the patient is nowhere in what the socket received.
    const notificationFrames = frames.filter((frame) => frame.includes('new-notification'));
    expect(notificationFrames.length).toBeGreaterThan(0);
    for (const frame of notificationFrames) {
      expect(frame).not.toContain(document.attributes.patientLastName);
      expect(frame).not.toContain(text);
      const payload = JSON.parse(JSON.parse(frame).data) as Record<string, unknown>;
      expect(Object.keys(payload).sort()).toEqual(['id', 'type']);
    }

    await openBell(page);
    const item = itemWithText(page, text);
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('data-read')).toBe('false');
    // The list looks the document up (SPEC §7) and names its patient, type and date of service.
    await expect
      .poll(() => item.getByTestId('notification-document').textContent())
      .toBe(documentLine(document.attributes));
    await saveScreenshot(page, 'notifications-list', { fullPage: false });
    const beforeOpen = await readUnreadCount(page);

    // Opening it marks it read and shows the document, selected, in the inbox.
    await item.getByRole('button', { name: /^Unread: / }).click();
    await page.waitForURL((url) => url.searchParams.get('idIn') === nurse.documentId);
    await panel(page).waitFor({ state: 'hidden' });
    await expect.poll(() => readUnreadCount(page)).toBe(beforeOpen - 1);
    await expectDocumentOpen(page, nurse.documentId);
    await saveScreenshot(page, 'notifications-opened-document', { fullPage: false });
    // The toast goes by itself after 5 s.
    await expect.poll(() => toasts(page).count()).toBe(0);
  });

  it('a toast opens its notification: the document shows selected and the notification is read', async () => {
    await openPortalLive(page);
    const before = await readUnreadCount(page);
    const text = `Toast to click (${Date.now()}).`;
    await commentToProvider(nurse, text);
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThan(before);
    const toast = toasts(page)
      .filter({ hasText: /commented on the/ })
      .first();
    await toast.waitFor();
    const unread = await readUnreadCount(page);

    // The toast's title is a button: a click (or Enter) opens the document.
    const open = toast.getByRole('button', { name: /commented on the/ });
    await open.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('idIn') === nurse.documentId);
    await expectDocumentOpen(page, nurse.documentId);
    await expect.poll(() => readUnreadCount(page)).toBe(unread - 1);
    // Opened, it has gone.
    expect(await toast.count()).toBe(0);
  });

  it("a notification whose document is gone says '(document not found)'", async () => {
    const text = `About a document that will be gone (${Date.now()}).`;
    await commentToProvider(nurse, text);
    // The document lookup answers 404, as it does for a deleted document or one at a clinic no longer the reader's.
    await page.route(`**/api/reports/${nurse.documentId}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 404,
            json: { statusCode: 404, error: 'Not Found', message: 'Document not found' },
          })
        : route.continue(),
    );
    await openPortalLive(page);
    await openBell(page);
    const item = itemWithText(page, text);
    await expect.poll(() => item.count()).toBe(1);
    await expect
      .poll(() => item.getByTestId('notification-subtitle').textContent())
      .toBe(DOCUMENT_NOT_FOUND_SUBTITLE);
    await checkAccessibility(page, 'notifications-document-not-found');
    await closeBell(page);
    // The browser logs the 404s, as it should; nothing else went wrong.
    const expected = session.problems.filter(
      (problem) => problem.includes('status of 404') || problem.includes('[app] API call failed'),
    );
    expect(expected.length).toBeGreaterThan(0);
    session.problems.splice(
      0,
      session.problems.length,
      ...session.problems.filter((problem) => !expected.includes(problem)),
    );
  });

  it("on a narrow screen new toasts never cover the notification list's last row", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPortalLive(page);
    const token = (await readAccessToken(page)) ?? '';
    // Enough unread notifications for the list to scroll.
    for (let i = 0; i < 8; i++) await api(token, '/api/notifications/in-app/test', { method: 'POST' });
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThanOrEqual(8);

    await openBell(page);
    // More arrive while the list is open: three toasts at a time stack at the bottom-left.
    for (let i = 0; i < 3; i++) await api(token, '/api/notifications/in-app/test', { method: 'POST' });
    await expect.poll(() => toasts(page).count()).toBe(3);
    const lastRow = notificationList(page).getByRole('listitem').last();
    await lastRow.scrollIntoViewIfNeeded();
    const toastsTop = async () => {
      const boxes = await Promise.all((await toasts(page).all()).map((toast) => toast.boundingBox()));
      return Math.min(...boxes.map((box) => box?.y ?? Number.POSITIVE_INFINITY));
    };
    await expect
      .poll(async () => {
        await lastRow.scrollIntoViewIfNeeded();
        const row = await lastRow.boundingBox();
        return (row?.y ?? 0) + (row?.height ?? Number.POSITIVE_INFINITY) <= (await toastsTop());
      })
      .toBe(true);
    await saveScreenshot(page, 'notifications-narrow-with-toasts', { fullPage: false });
    await closeBell(page);
  });

  it('the unread-only toggle: on by default, marking read removes the item, switching shows read ones, kept over a reload', async () => {
    await openPortalLive(page);
    const before = await readUnreadCount(page);
    const stamp = Date.now();
    const first = `First question (${stamp}).`;
    const second = `Second question (${stamp}).`;
    await commentToProvider(nurse, first);
    await commentToProvider(nurse, second);
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThanOrEqual(before + 2);

    await openBell(page);
    const unreadBefore = await readUnreadCount(page);
    expect(await unreadOnlySwitch(page).isChecked()).toBe(true);
    await expect.poll(() => itemWithText(page, first).count()).toBe(1);
    await expect.poll(() => itemWithText(page, second).count()).toBe(1);

    await itemWithText(page, first)
      .getByRole('button', { name: /^Mark as read: / })
      .click();
    await expect.poll(() => itemWithText(page, first).count()).toBe(0);
    expect(await itemWithText(page, second).count()).toBe(1);
    await expect.poll(() => readUnreadCount(page)).toBe(unreadBefore - 1);

    // Switching it off reloads the list from page one, read ones included.
    await unreadOnlySwitch(page).click();
    await expect.poll(() => itemWithText(page, first).count()).toBe(1);
    expect(await itemWithText(page, first).getAttribute('data-read')).toBe('true');
    expect(await itemWithText(page, second).getAttribute('data-read')).toBe('false');
    await saveScreenshot(page, 'notifications-all', { fullPage: false });

    // Marking it unread again in the full list keeps it there.
    await itemWithText(page, first)
      .getByRole('button', { name: /^Mark as unread: / })
      .click();
    await expect.poll(() => itemWithText(page, first).getAttribute('data-read')).toBe('false');
    await expect.poll(() => readUnreadCount(page)).toBe(unreadBefore);

    // The choice survives a reload.
    await page.reload();
    await bell(page).waitFor();
    await openBell(page);
    expect(await unreadOnlySwitch(page).isChecked()).toBe(false);

    // Keyboard: the switch toggles with Space, and the list shows unread ones only again.
    await unreadOnlySwitch(page).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => unreadOnlySwitch(page).isChecked()).toBe(true);
    await expect.poll(() => notificationList(page).locator('[data-read="true"]').count()).toBe(0);
    await closeBell(page);
    // Focus goes back to the bell.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^Notifications, \d+ unread$/,
    );
  });

  it('mark all read, then delete all read, empty the list', async () => {
    await openPortalLive(page);
    const text = `Anything new? (${Date.now()})`;
    await commentToProvider(nurse, text);
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThan(0);

    await openBell(page);
    await panel(page).getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => readUnreadCount(page)).toBe(0);
    await expect.poll(() => panel(page).getByText('You have no unread notifications.').count()).toBe(1);
    await saveScreenshot(page, 'notifications-empty-unread', { fullPage: false });

    await unreadOnlySwitch(page).click();
    await expect.poll(() => itemWithText(page, text).count()).toBe(1);
    expect(await notificationList(page).locator('[data-read="false"]').count()).toBe(0);

    await panel(page).getByRole('button', { name: 'Delete all read' }).click();
    await expect.poll(() => panel(page).getByText('You have no notifications.').count()).toBe(1);
    await saveScreenshot(page, 'notifications-empty', { fullPage: false });
    await closeBell(page);

    // Still empty after a reload: the server deleted them.
    await page.reload();
    await bell(page).waitFor();
    await openBell(page);
    expect(await panel(page).getByText('You have no notifications.').count()).toBe(1);
  });

  it("'Load more' shows while more exist, 25 a page, newest first", async () => {
    await openPortalLive(page);
    const token = (await readAccessToken(page)) ?? '';
    // A clean slate, then 27 notifications.
    await api(token, '/api/notifications/in-app/mark-all-as-read', { method: 'POST' });
    await api(token, '/api/notifications/in-app/delete-all-read', { method: 'POST' });
    for (let i = 0; i < 27; i++) await api(token, '/api/notifications/in-app/test', { method: 'POST' });
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThanOrEqual(27);
    // At most three toasts at once.
    expect(await toasts(page).count()).toBeLessThanOrEqual(3);

    await openBell(page);
    const items = notificationList(page).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(25);
    const loadMore = panel(page).getByRole('button', { name: 'Load more' });
    await loadMore.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'notifications-load-more', { fullPage: false });
    await loadMore.click();
    const total = await readUnreadCount(page);
    await expect.poll(() => items.count()).toBe(total);
    expect(await loadMore.count()).toBe(0);
    const times = await notificationList(page)
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('the preferences dialog saves the digests and realtime alerts, and sends a test notification', async () => {
    await openPortalLive(page);
    await openBell(page);
    await panel(page).getByRole('button', { name: 'Notification preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification preferences' });
    await dialog.waitFor();
    // The dialog replaces the list: no popover is left above or below its backdrop.
    await panel(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.MuiPopover-root').count()).toBe(0);
    const daily = dialog.getByRole('switch', { name: 'Daily digest' });
    await daily.waitFor();
    const wasDaily = await daily.isChecked();
    await daily.click();
    await dialog.getByRole('radio', { name: 'All' }).check();
    await saveScreenshot(page, 'notifications-preferences', { fullPage: false });

    const before = await readUnreadCount(page);
    await dialog.getByRole('button', { name: 'Send test notification' }).click();
    await expect.poll(() => readUnreadCount(page)).toBeGreaterThan(before);
    await expect.poll(() => toasts(page).filter({ hasText: 'Test notification' }).count()).toBe(1);

    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The focus comes back to the bell that opened it all.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Notifications, \d+ unread$/);
    const saved = await api<{
      inAppPreferences: { enableDailyDigest: boolean; enableRealtimeAlerts: string };
    }>((await readAccessToken(page)) ?? '', '/api/notifications/preferences');
    expect(saved.inAppPreferences).toMatchObject({
      enableDailyDigest: !wasDaily,
      enableRealtimeAlerts: 'all',
    });
  });

  it('an open inbox refreshes when another user acknowledges a document', async () => {
    const list = await api<{ data: { id: string; attributes: { status: string; isLocked?: boolean } }[] }>(
      nurse.token,
      `/api/reports?filter[clinicNpi]=${DEMO_CLINIC.npi}&filter[status]=unsigned&page[limit]=20`,
    );
    const target = list.data.find((document) => !document.attributes.isLocked);
    expect(target).toBeDefined();
    const id = target?.id ?? '';
    await signIn(page, baseUrl, 'provider@example.org', { path: `${INBOX}?status=any&idIn=${id}` });
    const statusOf = () =>
      page
        .locator('section[aria-labelledby="selected-document-heading"] [data-status]')
        .first()
        .getAttribute('data-status')
        .catch(() => undefined);
    await expect.poll(statusOf).toBe('unsigned');
    await expect.poll(() => bell(page).getAttribute('data-realtime')).toBe('live');

    await api(nurse.token, `/api/reports/${id}/acknowledge`, { method: 'PATCH', body: {} });
    await expect.poll(statusOf).toBe('acknowledged');
    await saveScreenshot(page, 'notifications-inbox-refreshed', { fullPage: false });
  });

  it('on a narrow screen the bell fits the header and the list opens by keyboard', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPortalLive(page);
    const box = await bell(page).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    const panelBox = await panel(page).boundingBox();
    expect(panelBox?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((panelBox?.x ?? 0) + (panelBox?.width ?? 999)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'notifications-narrow', { fullPage: false });
    await closeBell(page);
  });

  it('a provider-company administrator reads the e-mail outbox', async () => {
    await signIn(page, baseUrl, 'irhadmin@example.org');
    // A user of the demo clinic asks for a password link; with no mail server here, its e-mail waits.
    const email = `outbox.${Date.now()}@example.org`;
    await api((await readAccessToken(page)) ?? '', '/api/users/create', {
      method: 'POST',
      body: {
        email,
        firstName: 'Olive',
        lastName: 'Outbox',
        password: 'Outbox-Password-2026-1',
        roles: [{ role: 'nurse', clinicNPI: DEMO_CLINIC.npi }],
      },
    });
    const asked = await fetch(`${baseUrl}/account/forgot-password`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
    });
    expect(asked.status).toBe(200);

    await page.goto(`${baseUrl}/admin/email-outbox`);
    const table = page.getByRole('table', { name: 'E-mail outbox' });
    await table.waitFor();
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Created',
      'To',
      'Subject',
      'Kind',
      'Status',
      'Sent',
    ]);
    // Newest first: the link just asked for heads the list, not yet sent.
    const newest = table.getByRole('row').nth(1);
    const cells = await newest.getByRole('cell').allTextContents();
    expect(cells.slice(1, 5)).toEqual([
      email,
      expect.stringMatching(/^Set a new password for the /),
      'password-reset',
      'Waiting',
    ]);
    expect(cells[5]).toBe('');
    await saveScreenshot(page, 'notifications-email-outbox', { fullPage: false });
  });
});
