import { afterEach, describe, expect, it, vi } from 'vitest';
import { getClinicUsers } from './get-clinic-users';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the clinic-users fetch (SPEC §9)', () => {
  it('retries a 500 and a 504, then answers the users', async () => {
    const page = {
      links: { self: '/', next: null, prev: null },
      data: [],
      metadata: { totalCount: 0, page: 1, rows: 100 },
    };
    const answers = [json({}, 500), json({}, 504), json(page)];
    const fetchMock = vi.fn(async () => answers.shift() ?? json({}, 500));
    vi.stubGlobal('fetch', fetchMock);
    const waits: number[] = [];
    await expect(getClinicUsers('1209945553', { sleep: async (ms) => void waits.push(ms) })).resolves.toEqual(
      [],
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('does not retry a 403', async () => {
    const fetchMock = vi.fn(async () => json({ statusCode: 403, error: 'Forbidden', message: 'no' }, 403));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getClinicUsers('1209945553', { sleep: async () => undefined })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
