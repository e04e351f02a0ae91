// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escalationItem, escalationQueueAnswer, QUEUE_DOCUMENT_ID } from '../../../test-support/metrics';
import { type ApiCall, CLINIC, renderAt, sessionAs, stubApi } from '../../../test-support/render-as';
import { EscalationQueuePage } from './escalation-queue-page';

const QUEUE = '/api/reports/metrics/alert-escalation';
const REVIEWS = `/api/reports/${QUEUE_DOCUMENT_ID}/internal-reviews`;
const routes = [{ path: '/metrics/escalations', element: <EscalationQueuePage /> }];

function answer(reviewed: { note?: string }) {
  return (call: ApiCall) => {
    if (call.url.pathname === QUEUE)
      return {
        body: escalationQueueAnswer([
          escalationItem({
            lastInternalReview: reviewed.note
              ? {
                  id: 'r1',
                  documentId: QUEUE_DOCUMENT_ID,
                  reviewerName: 'Test irh-tech',
                  note: reviewed.note,
                  reviewedAt: '2026-05-31T10:00:00.000Z',
                }
              : null,
          }),
          escalationItem({
            documentId: '1c8d7b4f-3b5a-4d2f-8e66-4a1b2c3d4e5f',
            type: 'rpm-report',
            alert: null,
            dueAt: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
            overdue: false,
            assignedToName: null,
            step: null,
          }),
        ]),
      };
    if (call.url.pathname === REVIEWS && call.method === 'POST') {
      reviewed.note = (call.body as { note: string }).note;
      return {
        status: 201,
        body: {
          id: 'r1',
          documentId: QUEUE_DOCUMENT_ID,
          reviewerName: 'Test irh-tech',
          note: reviewed.note,
          reviewedAt: '2026-05-31T10:00:00.000Z',
        },
      };
    }
    return undefined;
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the escalation queue', () => {
  it('lists the queue with level, due status, assignee and escalation step, each linking to the inbox', async () => {
    stubApi(answer({}));
    renderAt(sessionAs('irh-reporting', {}, '*'), '/metrics/escalations', routes);
    const table = await screen.findByRole('table', { name: 'Escalation queue' });
    const link = await within(table).findByRole('link', {
      name: /^Alert, Aspen Hollow Cardiology, overdue by/,
    });
    expect(link.getAttribute('href')).toBe(
      `/signature/dashboard/?clinicNpi=${CLINIC.npi}&serviceLine=any&type=any&status=any&assignedTo=any&idIn=${QUEUE_DOCUMENT_ID}`,
    );
    const overdueRow = link.closest('tr') as HTMLElement;
    expect(overdueRow.textContent).toMatch(/High/);
    expect(overdueRow.textContent).toMatch(/overdue by \d+ d/);
    expect(overdueRow.textContent).toContain('Dr. Paula Reyes');
    expect(overdueRow.textContent).toContain('Team told');
    const soonRow = within(table)
      .getByRole('link', { name: /^RPM, / })
      .closest('tr') as HTMLElement;
    expect(soonRow.textContent).toMatch(/Routine.*due in 5 h.*Unassigned/);
    // Reporting staff read the queue; they do not mark reviews.
    expect(within(table).queryByRole('button', { name: /Mark reviewed/ })).toBeNull();
    // The whole queue by level.
    const counts = screen.getByRole('table', { name: 'Queue by alert level' });
    expect(
      within(counts)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Whole queueHigh alertMedium alertLow alertRoutineAll levels',
      'Overdue10034',
      'Due within 24 h02103',
    ]);
  });

  it('filters by level, when and clinic, in the address and the query; a count filters to it', async () => {
    const calls = stubApi(answer({}));
    const { router } = renderAt(sessionAs('irh-tech', {}, '*'), '/metrics/escalations?page=2', routes);
    await screen.findByRole('link', { name: /^Alert, Aspen Hollow Cardiology, overdue by/ });
    expect(calls.at(-1)?.url.search).toBe('?when=all&page=2&size=25');
    await userEvent.click(screen.getByRole('button', { name: 'Overdue' }));
    expect(router.state.location.search).toBe('?when=overdue');
    await userEvent.click(screen.getByRole('combobox', { name: 'Alert level' }));
    await userEvent.click(screen.getByRole('option', { name: 'High' }));
    expect(router.state.location.search).toBe('?level=high&when=overdue');
    await waitFor(() => expect(calls.at(-1)?.url.search).toBe('?level=high&when=overdue&page=1&size=25'));
    await userEvent.click(screen.getByRole('button', { name: '3 routine overdue: show them' }));
    expect(router.state.location.search).toBe('?level=routine&when=overdue');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('a technician marks a document reviewed internally with a note; the row shows it', async () => {
    const reviewed: { note?: string } = {};
    const calls = stubApi(answer(reviewed));
    renderAt(sessionAs('irh-tech', {}, '*'), '/metrics/escalations', routes);
    const table = await screen.findByRole('table', { name: 'Escalation queue' });
    await within(table).findByRole('link', { name: /^Alert, Aspen Hollow Cardiology, overdue by/ });
    await userEvent.click(within(table).getByRole('button', { name: /^Mark reviewed internally: Alert at/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark reviewed internally' });
    // A note is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(within(dialog).getByText('Write what was reviewed.')).toBeTruthy();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Note' }),
      'Called the clinic; provider aware.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      note: 'Called the clinic; provider aware.',
    });
    await waitFor(() => expect(table.textContent).toContain('Called the clinic; provider aware.'));
    expect(table.textContent).toContain('Test irh-tech, 05/31/2026');
  });
});
