import type { OrganizationResource } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getClinics } from './get-clinics';

/** A clinic as the API answers (the client checks answers against the clinics contract in tests). */
const clinic: OrganizationResource = {
  id: 'c1',
  npi: '1234567893',
  code: 'AHC',
  name: 'Aspen Hollow Cardiology',
  isActive: true,
  samlConnectionName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
  featureFlags: {},
  settings: {},
  clinicFeatureFlags: [],
  clinicWorkflows: [],
};

describe('getClinics', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the organizations endpoint with the server contract and maps the page for the table', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            links: { self: '', next: null, prev: null },
            data: [clinic],
            metadata: { totalCount: 1, page: 2, rows: 10 },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);

    const page = await getClinics({
      page: 2,
      rows: 10,
      order: { field: 'updatedAt', direction: 'desc' },
      search: ' card ',
      filters: { isActive: 'true', name: 'hollow' },
    });

    expect(page).toEqual({ rows: [clinic], totalCount: 1 });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://portal.test');
    expect(url.pathname).toBe('/api/customers/organizations');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['rows', '10'],
      ['order', '-updatedAt'],
      ['search', 'card'],
      ['filter[isActive]', 'true'],
      ['filter[name]', 'hollow'],
    ]);
  });

  it('sends no search or filter keys when they are empty (the API rejects unknown or blank keys)', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            links: { self: '', next: null, prev: null },
            data: [],
            metadata: { totalCount: 0, page: 1, rows: 25 },
          }),
          {
            status: 200,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await getClinics({
      page: 1,
      rows: 25,
      order: { field: 'name', direction: 'asc' },
      search: '',
      filters: {},
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/customers/organizations?page=1&rows=25&order=name');
  });
});
