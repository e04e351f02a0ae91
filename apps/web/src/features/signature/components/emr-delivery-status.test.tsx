// @vitest-environment jsdom
import type { DocumentResource, EmrDelivery } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  type ApiCall,
  CLINIC,
  renderAt,
  sessionAs,
  stubApi,
} from '../../../test-support/render-as';
import { describeEmrDelivery, EmrDeliveryStatus } from './emr-delivery-status';

const ID = '9a1b2c3d-0000-4000-8000-000000000001';
const DELIVERY_PATH = `/api/reports/${ID}/emr-delivery`;

const documentWith = (status: string) =>
  ({ id: ID, attributes: { clinicNpi: CLINIC.npi, status } }) as unknown as DocumentResource;

function delivery(changes: Partial<EmrDelivery>): EmrDelivery {
  return {
    documentId: ID,
    state: 'delivered',
    emrId: '123',
    reason: null,
    attempts: 1,
    pageCount: 5,
    updatedAt: '2026-03-06T16:05:00.000Z',
    correction: { state: 'none', emrId: null, reason: null },
    replacesEmrId: null,
    steps: [],
    ...changes,
  };
}

function answer(current: EmrDelivery, resend?: (call: ApiCall) => Answer) {
  return (call: ApiCall): Answer => {
    if (call.method === 'GET' && call.url.pathname === DELIVERY_PATH) return { body: current };
    if (call.method === 'POST' && call.url.pathname === `${DELIVERY_PATH}/resend`) return resend?.(call);
    return undefined;
  };
}

const render = (role: string, status = 'signed') =>
  renderAt(sessionAs(role), '/', [
    { path: '/', element: <EmrDeliveryStatus document={documentWith(status)} /> },
  ]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the EMR delivery line', () => {
  it('says each state in a sentence', () => {
    expect(describeEmrDelivery(delivery({}))).toBe('Sent to EMR · id 123 · 5 pages');
    expect(describeEmrDelivery(delivery({ pageCount: 1 }))).toBe('Sent to EMR · id 123 · 1 page');
    expect(describeEmrDelivery(delivery({ state: 'queued', emrId: null }))).toBe('Queued for the EMR');
    expect(
      describeEmrDelivery(delivery({ state: 'failed', emrId: null, reason: 'The EMR refused the patient.' })),
    ).toBe('EMR delivery failed: The EMR refused the patient.');
    expect(describeEmrDelivery(delivery({ state: 'not-sent', emrId: null }))).toBeNull();
  });

  it('shows a delivered document with its EMR id and pages, and lets a document worker send it again', async () => {
    const calls = stubApi(
      answer(delivery({}), () => ({ body: delivery({ state: 'queued', emrId: null, attempts: 2 }) })),
    );
    render('nurse');
    const line = await screen.findByTestId('emr-delivery');
    expect(within(line).getByRole('status').textContent).toBe('Sent to EMR · id 123 · 5 pages');
    await userEvent.setup().click(within(line).getByRole('button', { name: 'Resend to EMR' }));
    await waitFor(() => expect(within(line).getByRole('status').textContent).toBe('Queued for the EMR'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      `${DELIVERY_PATH}/resend`,
    ]);
    // Queued: nothing to resend until it settles.
    expect(within(line).queryByRole('button', { name: 'Resend to EMR' })).toBeNull();
  });

  it('shows why a delivery failed, and the server’s refusal of a resend', async () => {
    stubApi(
      answer(
        delivery({ state: 'failed', emrId: null, reason: 'The EMR did not answer.', attempts: 3 }),
        () => ({
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'The clinic has no EMR connection.' },
        }),
      ),
    );
    render('provider');
    const line = await screen.findByTestId('emr-delivery');
    expect(line.textContent).toContain('EMR delivery failed: The EMR did not answer.');
    expect(line.textContent).toContain('3 attempts');
    const resend = within(line).getByRole('button', { name: 'Resend to EMR' });
    await userEvent.setup().click(resend);
    expect(await screen.findByText('The clinic has no EMR connection.')).toBeTruthy();
    expect(line.getAttribute('data-state')).toBe('failed');
  });

  it('gives a read-only user the state without the resend', async () => {
    stubApi(answer(delivery({ state: 'failed', emrId: null, reason: 'The EMR did not answer.' })));
    render('clinic-read-only');
    const line = await screen.findByTestId('emr-delivery');
    expect(line.textContent).toContain('EMR delivery failed');
    expect(within(line).queryByRole('button', { name: 'Resend to EMR' })).toBeNull();
  });

  it('says nothing of an unsigned document the EMR never had', async () => {
    const calls = stubApi(answer(delivery({ state: 'not-sent', emrId: null, pageCount: null })));
    render('provider', 'unsigned');
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('emr-delivery')).toBeNull();
  });

  it('shows an un-signed document’s EMR copy marked entered-in-error, and each step with the reason', async () => {
    stubApi(
      answer(
        delivery({
          state: 'not-sent',
          emrId: null,
          correction: { state: 'entered-in-error', emrId: '123', reason: null },
          replacesEmrId: '123',
          steps: [
            { step: 'signed', at: '2026-03-06T16:00:00.000Z', emrId: null, reason: null },
            { step: 'delivered', at: '2026-03-06T16:05:00.000Z', emrId: '123', reason: null },
            { step: 'unsigned', at: '2026-03-06T17:00:00.000Z', emrId: null, reason: 'Wrong patient.' },
            { step: 'correction-queued', at: '2026-03-06T17:00:00.000Z', emrId: '123', reason: null },
            { step: 'entered-in-error', at: '2026-03-06T17:01:00.000Z', emrId: '123', reason: null },
          ],
        }),
      ),
    );
    render('provider', 'unsigned');
    const region = await screen.findByRole('region', { name: 'EMR delivery' });
    expect(within(region).getByRole('status').textContent).toBe('EMR copy 123 marked entered-in-error');
    const steps = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toHaveLength(5);
    expect(steps[2]).toContain('Un-signed · Wrong patient.');
    expect(steps[4]).toContain('EMR copy marked entered-in-error · id 123');
  });

  it('says nothing of a document never sent to an EMR', async () => {
    const calls = stubApi(answer(delivery({ state: 'not-sent', emrId: null, pageCount: null })));
    render('provider', 'acknowledged');
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('emr-delivery')).toBeNull();
  });
});
