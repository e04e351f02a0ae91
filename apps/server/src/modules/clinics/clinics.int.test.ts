import { describe, expect, it } from 'vitest';
import { demoClinicNpi } from '../../db/seed-demo-data';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';

type ClinicListBody = {
  links: { self: string; next: string | null; prev: string | null };
  data: Array<{
    id: string;
    npi: string;
    code: string;
    name: string;
    isActive: boolean;
    featureFlags: Record<string, boolean>;
    settings: Record<string, { enabled: boolean; value: string | number | null }>;
    clinicFeatureFlags: Array<{ name: string; enabled: boolean }>;
  }>;
  metadata: { totalCount: number; page: number; rows: number };
};

describe('GET /api/customers/organizations: the clinics table', () => {
  const portal = signedInPortal(['sysAdmin', 'provider']);
  const list = async (query = '', caller: Caller = portal.as.sysAdmin) => {
    const response = await caller.get(`/api/customers/organizations${query}`);
    return { response, body: response.json() as ClinicListBody };
  };

  it('a provider sees only the clinic they work at', async () => {
    const { response, body } = await list('', portal.as.provider);
    expect(response.statusCode).toBe(200);
    expect(body.metadata.totalCount).toBe(1);
    expect(body.data[0]?.npi).toBe(demoClinicNpi());
  });

  it('without a token the answer is 401 with a WWW-Authenticate challenge', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/customers/organizations' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('a provider-company administrator sees the first 25 of the 50 built-in clinics, sorted by name', async () => {
    const { response, body } = await list();
    expect(response.statusCode).toBe(200);
    expect(body.metadata).toEqual({ totalCount: 50, page: 1, rows: 25 });
    expect(body.data).toHaveLength(25);
    const names = body.data.map((clinic) => clinic.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(body.links.prev).toBeNull();
    expect(body.links.next).toContain('page=2');
  });

  it('pages through without overlap, and the last page has no next link', async () => {
    const first = await list('?rows=20&page=1');
    const second = await list('?rows=20&page=2');
    const third = await list('?rows=20&page=3');
    const ids = [...first.body.data, ...second.body.data, ...third.body.data].map((clinic) => clinic.id);
    expect(new Set(ids).size).toBe(50);
    expect(third.body.data).toHaveLength(10);
    expect(third.body.links.next).toBeNull();
    expect(third.body.links.prev).toContain('page=2');
  });

  it('sorts descending with a leading minus', async () => {
    const ascending = await list('?order=code&rows=100');
    const descending = await list('?order=-code&rows=100');
    expect(descending.body.data.map((clinic) => clinic.code)).toEqual(
      ascending.body.data.map((clinic) => clinic.code).reverse(),
    );
  });

  it('searches name, code and NPI, and filters by column', async () => {
    const { body: all } = await list('?rows=100');
    const sample = all.data[7];
    if (!sample) throw new Error('expected seeded clinics');

    const byNpi = await list(`?search=${sample.npi}`);
    expect(byNpi.body.data.map((clinic) => clinic.id)).toEqual([sample.id]);

    const byCode = await list(`?filter[code]=${encodeURIComponent(sample.code.toLowerCase())}`);
    expect(byCode.body.data.map((clinic) => clinic.id)).toContain(sample.id);

    const activeOnly = await list('?filter[isActive]=true&rows=100');
    expect(activeOnly.body.data.every((clinic) => clinic.isActive)).toBe(true);
    const inactiveOnly = await list('?filter[isActive]=false');
    expect(inactiveOnly.body.metadata.totalCount).toBe(50 - activeOnly.body.metadata.totalCount);
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    const { body } = await list('?search=%25');
    expect(body.metadata.totalCount).toBe(0);
  });

  it('each clinic carries merged featureFlags and settings: its own values over the global defaults', async () => {
    const { body } = await list('?rows=100');
    const withOwnFlag = body.data.find((clinic) => clinic.clinicFeatureFlags.length > 0);
    if (!withOwnFlag) throw new Error('expected a seeded clinic with its own flags');
    for (const flag of withOwnFlag.clinicFeatureFlags) {
      expect(withOwnFlag.featureFlags[flag.name]).toBe(flag.enabled);
    }
    for (const clinic of body.data) {
      expect(clinic.settings.signatureLabel).toEqual({ enabled: expect.any(Boolean), value: 'Reviewed by:' });
      expect(clinic.settings.emrPdfMaxPageLength?.value).toBe(25);
      expect(clinic.settings.encounterCoversheetType?.value).toBe('longitudinal');
      expect(clinic.featureFlags.bulkESigning).toBeTypeOf('boolean');
    }
  });

  it.each([
    ['an unknown query field', '?colour=blue', 'colour'],
    ['a page that is not a number', '?page=abc', 'page'],
    ['a page below 1', '?page=0', 'page'],
    ['too many rows', '?rows=1000', 'rows'],
    ['a sort field that is not allowed', '?order=samlConnectionName', 'order'],
    ['a malformed status filter', '?filter[isActive]=maybe', 'filter[isActive]'],
  ])('rejects %s with a 400 naming the field', async (_label, query, field) => {
    const { response, body } = await list(query);
    expect(response.statusCode).toBe(400);
    const error = body as unknown as {
      statusCode: number;
      error: string;
      message: string;
      details: { field: string }[];
    };
    expect(error).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(error.details.map((detail) => detail.field)).toContain(field);
    expect(error.message).toContain(field);
  });
});
