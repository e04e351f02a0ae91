// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { NotificationPreferencesDialog, receivesDailyAdminReport } from './notification-preferences-dialog';

const stored = {
  enableWeeklyDigest: true,
  enableDailyDigest: false,
  enableRealtimeAlerts: 'high',
  enableDailyAdminReport: false,
};

function answer(call: ApiCall) {
  if (call.url.pathname === '/api/notifications/preferences') return { body: { inAppPreferences: stored } };
  if (call.url.pathname === '/api/notifications/preferences/in-app' && call.method === 'PATCH')
    return { body: { inAppPreferences: { ...stored, ...(call.body as object) } } };
  return undefined;
}

const routes = [{ path: '/', element: <NotificationPreferencesDialog open onClose={() => {}} /> }];
const DAILY_REPORT = 'E-mail me the daily report each morning';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the daily report e-mail in the notification preferences (issue 17 §4)', () => {
  it('a provider-company admin turns it on, and the change is saved', async () => {
    const calls = stubApi(answer);
    renderAt(sessionAs('irh-admin', {}, '*'), '/', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Notification preferences' });
    const checkbox = await within(dialog).findByRole('checkbox', { name: DAILY_REPORT });
    expect(checkbox).toHaveProperty('checked', false);
    await userEvent.click(checkbox);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      enableDailyAdminReport: true,
    });
  });

  it('is not offered to anyone else: a nurse, an irh-admin role held at one clinic, reporting staff', async () => {
    stubApi(answer);
    renderAt(sessionAs('nurse'), '/', routes);
    const dialog = await screen.findByRole('dialog', { name: 'Notification preferences' });
    await within(dialog).findByLabelText('Weekly digest');
    expect(within(dialog).queryByRole('checkbox', { name: DAILY_REPORT })).toBeNull();
    expect(receivesDailyAdminReport([{ role: 'irh-admin', clinicNPI: '1209945553' }])).toBe(false);
    expect(receivesDailyAdminReport([{ role: 'irh-reporting', clinicNPI: '*' }])).toBe(false);
    expect(receivesDailyAdminReport([{ role: 'sys-admin', clinicNPI: '*' }])).toBe(true);
  });
});
