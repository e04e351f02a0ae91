// @vitest-environment jsdom
import { REALTIME_EVENTS } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISABLED_REALTIME, type Realtime, RealtimeContext } from '../../../lib/realtime/realtime-context';
import type { Session } from '../../../lib/session/session-context';
import { SessionContext } from '../../../lib/session/session-context';
import { tickerAnswer } from '../../../test-support/metrics';
import { CLINIC, sessionAs, stubApi } from '../../../test-support/render-as';
import { MetricsTicker } from './metrics-ticker';

const TICKER = '/api/reports/metrics/ticker';

/** A realtime connection whose events the test sends: handlers by channel and event. */
function fakeRealtime() {
  const handlers = new Map<string, ((data: unknown) => void)[]>();
  const realtime: Realtime = {
    ...DISABLED_REALTIME,
    state: 'connected',
    clinicChannel: `private-clinic-${CLINIC.npi}`,
    bind: (channel, event, handler) => {
      const key = `${channel} ${event}`;
      handlers.set(key, [...(handlers.get(key) ?? []), handler]);
      return () =>
        handlers.set(
          key,
          (handlers.get(key) ?? []).filter((bound) => bound !== handler),
        );
    },
  };
  const send = (event: string) => {
    for (const handler of handlers.get(`private-clinic-${CLINIC.npi} ${event}`) ?? []) handler({});
  };
  return { realtime, send };
}

function renderTicker(session: Session, realtime: Realtime = DISABLED_REALTIME) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <MetricsTicker /> }]);
  return render(
    <QueryClientProvider client={client}>
      <RealtimeContext value={realtime}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </RealtimeContext>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the header ticker', () => {
  it("counts the current clinic's unsigned documents, high alerts and overdue, each a link to the inbox", async () => {
    const calls = stubApi((call) => (call.url.pathname === TICKER ? { body: tickerAnswer() } : undefined));
    renderTicker(sessionAs('nurse'));
    const unsigned = await screen.findByRole('link', { name: /^37 unsigned documents at Aspen Hollow/ });
    expect(calls[0]?.url.searchParams.get('clinicNpi')).toBe(CLINIC.npi);
    const inbox = (link: HTMLElement) => new URL(link.getAttribute('href') ?? '', 'http://portal');

    expect(inbox(unsigned).pathname).toBe('/signature/dashboard/');
    expect(Object.fromEntries(inbox(unsigned).searchParams)).toEqual({
      clinicNpi: CLINIC.npi,
      serviceLine: 'any',
      type: 'any',
      status: 'todo',
      assignedTo: 'any',
    });
    const high = screen.getByRole('link', { name: /^3 high alerts unsigned at/ });
    expect(inbox(high).searchParams.get('alert')).toBe('high');
    expect(inbox(high).searchParams.get('status')).toBe('todo');
    const overdue = screen.getByRole('link', {
      name: /^4 overdue: documents past their review time at Aspen/,
    });
    expect(inbox(overdue).searchParams.get('sort')).toBe('received');
    expect(inbox(overdue).searchParams.get('overdue')).toBe('true');
    expect(screen.getByRole('group', { name: 'Work waiting at Aspen Hollow Cardiology' })).toBeTruthy();
  });

  it('counts again when a document changes at the clinic (realtime), without a reload', async () => {
    let high = 3;
    stubApi((call) =>
      call.url.pathname === TICKER
        ? { body: tickerAnswer({ alerts: { high, medium: 0, low: 0 } }) }
        : undefined,
    );
    const { realtime, send } = fakeRealtime();
    renderTicker(sessionAs('provider'), realtime);
    await screen.findByRole('link', { name: /^3 high alerts unsigned at/ });
    high = 4;
    act(() => send(REALTIME_EVENTS.documentsChanged));
    await waitFor(() => expect(screen.getByTestId('ticker-high').dataset.count).toBe('4'));
    expect(screen.getByRole('link', { name: /^4 high alerts unsigned/ })).toBeTruthy();
  });

  it('is not there for a user without metrics:read (a device technician)', async () => {
    const calls = stubApi(() => ({ body: tickerAnswer() }));
    renderTicker(sessionAs('device-tech'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('metrics-ticker')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says one document in the singular', async () => {
    stubApi(() => ({
      body: tickerAnswer({ unsigned: 1, overdue: 1, alerts: { high: 1, medium: 0, low: 0 } }),
    }));
    renderTicker(sessionAs('nurse'));
    expect(await screen.findByRole('link', { name: /^1 unsigned document at/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^1 high alert unsigned at/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^1 overdue: a document past its review time/ })).toBeTruthy();
  });
});
