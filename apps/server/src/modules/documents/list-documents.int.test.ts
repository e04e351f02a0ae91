import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';

type ListBody = {
  links: { self: string; next: string | null; prev: string | null };
  data: {
    id: string;
    attributes: {
      status: string;
      isPinned: boolean;
      alert: string | null;
      type: string;
      dos: string;
      patientLastName: string;
      patientId: string;
      clinicNpi: string;
    };
  }[];
  metadata: { totalCount: number | null; totalCountIsLowerBound: boolean; limit: number };
};

describe('the document list query', () => {
  const portal = signedInPortal(['provider', 'sysAdmin']);
  const list = async (query: string, caller: Caller = portal.as.provider) => {
    const response = await caller.get(`/api/reports?${query}`);
    return { status: response.statusCode, body: response.json() as ListBody };
  };

  beforeAll(async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));
    for (let n = 1; n <= 30; n++) {
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        dos: day(n),
        status: n % 4 === 0 ? 'signed' : 'unsigned',
        type: n % 5 === 0 ? 'crm-alert' : 'implicity-90-day-remote-report',
        alert: n % 5 === 0 ? (['high', 'medium', 'low'] as const)[n % 3] : null,
        patientLastName: n % 2 ? 'Alvarez' : 'Brennan',
        assignedTo: n % 3 ? 'auth0|demo-provider' : null,
      });
    }
    await insertDocument(portal.db, portal.storage, {
      clinicNpi: OTHER_CLINIC_NPI,
      patientLastName: 'Elsewhere',
    });
    const pinned = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      dos: day(1),
      patientLastName: 'Pinned',
    });
    await portal.db.updateTable('documents').set({ isPinned: true }).where('id', '=', pinned.id).execute();
  });

  it("lists only the caller's clinics, in the default order: pinned, status, alert, type, newest first", async () => {
    const { status, body } = await list('page[limit]=100');
    expect(status).toBe(200);
    expect(body.metadata.totalCount).toBe(31);
    expect(body.data.some((doc) => doc.attributes.clinicNpi === OTHER_CLINIC_NPI)).toBe(false);
    expect(body.data[0]?.attributes.patientLastName).toBe('Pinned');
    const unsignedAlerts = body.data.filter(
      (doc) => doc.attributes.status === 'unsigned' && doc.attributes.alert,
    );
    const firstUnsignedReport = body.data.findIndex(
      (doc) => doc.attributes.status === 'unsigned' && !doc.attributes.alert && !doc.attributes.isPinned,
    );
    const lastAlert = body.data.findLastIndex(
      (doc) => doc.attributes.status === 'unsigned' && doc.attributes.alert,
    );
    expect(unsignedAlerts.length).toBeGreaterThan(0);
    expect(lastAlert).toBeLessThan(firstUnsignedReport);
    const reports = body.data.filter(
      (doc) => doc.attributes.status === 'unsigned' && !doc.attributes.alert && !doc.attributes.isPinned,
    );
    const dates = reports.map((doc) => doc.attributes.dos);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages by keyset: every document once, next only while more remain', async () => {
    const seen: string[] = [];
    let query = 'page[limit]=7';
    for (let page = 0; page < 10; page++) {
      const { body } = await list(query);
      seen.push(...body.data.map((doc) => doc.id));
      if (!body.links.next) break;
      query = body.links.next.split('?')[1] ?? '';
    }
    expect(seen).toHaveLength(31);
    expect(new Set(seen).size).toBe(31);
  });

  it('the provider-company view pages across all clinics', async () => {
    const { body } = await list('page[limit]=100&search=elsewhere', portal.as.sysAdmin);
    expect(body.data.map((doc) => doc.attributes.clinicNpi)).toEqual([OTHER_CLINIC_NPI]);
  });

  it.each([
    ['filter[status]=signed', (doc: ListBody['data'][number]) => doc.attributes.status === 'signed', 7],
    [
      'filter[status]=signed,acknowledged',
      (doc: ListBody['data'][number]) => doc.attributes.status === 'signed',
      7,
    ],
    ['filter[type]=crm-alert', (doc: ListBody['data'][number]) => doc.attributes.type === 'crm-alert', 6],
    ['filter[alert]=high', (doc: ListBody['data'][number]) => doc.attributes.alert === 'high', 2],
    ['search=brennan', (doc: ListBody['data'][number]) => doc.attributes.patientLastName === 'Brennan', 15],
    ['filter[dosAfter]=2026-10-10&filter[dosBefore]=2026-10-12', () => true, 3],
    ['filter[assignedTo]=unassigned', () => true, 11],
    [
      'filter[clinicNpi]=any&filter[serviceLine]=any&filter[type]=any&filter[status]=any&filter[assignedTo]=any',
      () => true,
      31,
    ],
  ])('filters with %s', async (query, predicate, count) => {
    const { status, body } = await list(`${query}&page[limit]=100`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(count);
    expect(body.data.every(predicate)).toBe(true);
  });

  it('the done view sorts by date of service, newest first', async () => {
    const { body } = await list('filter[status]=signed,acknowledged&sort=-dos');
    const dates = body.data.map((doc) => doc.attributes.dos);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('puts alerts by level in the default order: high, then medium, then low, then the rest', async () => {
    const { body } = await list('filter[status]=unsigned&page[limit]=100');
    const levels = body.data.filter((doc) => !doc.attributes.isPinned).map((doc) => doc.attributes.alert);
    const rank = (level: string | null) => (level === null ? 3 : ['high', 'medium', 'low'].indexOf(level));
    expect(new Set(levels)).toEqual(new Set(['high', 'medium', 'low', null]));
    expect(levels.map(rank)).toEqual([...levels.map(rank)].sort((a, b) => a - b));
  });

  it('groups the to-do view by patient, the group of the most urgent document first, never alphabetically', async () => {
    // Zimmer (last alphabetically) has the only unsigned high alert of this story; Abel, the first name,
    // has an older report only.
    const insertFor = async (
      patientId: string,
      options: Omit<Parameters<typeof insertDocument>[2], 'clinicNpi'>,
    ) => {
      const document = await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        ...options,
      });
      await portal.db.updateTable('documents').set({ patientId }).where('id', '=', document.id).execute();
      return document;
    };
    const zimmerReport = await insertFor('GROUP-Z', {
      patientLastName: 'Zimmer',
      dos: new Date(Date.UTC(2026, 0, 2)),
    });
    const zimmerAlert = await insertFor('GROUP-Z', {
      patientLastName: 'Zimmer',
      type: 'crm-alert',
      alert: 'high',
      dos: new Date(Date.UTC(2026, 0, 3)),
    });
    const abel = await insertFor('GROUP-A', { patientLastName: 'Abel', dos: new Date(Date.UTC(2026, 0, 1)) });
    const query = 'filter[status]=unsigned&groupBy=patient&search=group-';
    try {
      const { body } = await list(`${query}&page[limit]=100`);
      expect(body.data.map((doc) => doc.id)).toEqual([zimmerAlert.id, zimmerReport.id, abel.id]);

      // The whole to-do list: each patient's documents together, groups in the order of their first.
      const { body: all } = await list('filter[status]=unsigned&groupBy=patient&page[limit]=100');
      const patientOf = (doc: ListBody['data'][number]) =>
        `${doc.attributes.clinicNpi}/${doc.attributes.patientId}`;
      const patients = all.data.map(patientOf);
      const groups = patients.filter((patient, index) => patient !== patients[index - 1]);
      expect(new Set(groups).size).toBe(groups.length);
      const { body: ungrouped } = await list('filter[status]=unsigned&page[limit]=100');
      const firsts = groups.map((patient) => ungrouped.data.findIndex((doc) => patientOf(doc) === patient));
      expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
      // Not alphabetical: Zimmer's high alert puts that group before Abel's.
      expect(groups.indexOf(`${OWN_CLINIC_NPI}/GROUP-Z`)).toBeLessThan(
        groups.indexOf(`${OWN_CLINIC_NPI}/GROUP-A`),
      );

      // Paged by keyset, grouped pages hold every document once, in the same order.
      const seen: string[] = [];
      let next = 'filter[status]=unsigned&groupBy=patient&page[limit]=4';
      for (let page = 0; page < 20; page++) {
        const { status, body: part } = await list(next);
        expect(status).toBe(200);
        seen.push(...part.data.map((doc) => doc.id));
        if (!part.links.next) break;
        next = part.links.next.split('?')[1] ?? '';
      }
      expect(seen).toEqual(all.data.map((doc) => doc.id));
    } finally {
      await portal.db
        .deleteFrom('documents')
        .where('id', 'in', [zimmerReport.id, zimmerAlert.id, abel.id])
        .execute();
    }
  });

  it.each([
    ['sort=colour', 'sort'],
    ['filter[colour]=red', 'filter[colour]'],
    ['filter[status]=maybe', 'filter[status]'],
    ['page[limit]=5000', 'page[limit]'],
    ['filter[dosAfter]=yesterday', 'filter[dosAfter]'],
    ['page[cursor]=bm9wZQ', 'page[cursor]'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const response = await portal.as.provider.get(`/api/reports?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().details)).toContain(field.replace(/[[\]]/g, (c) => c));
  });

  it('counts at most 1,000 matches and then says the total is a lower bound', async () => {
    const template = await portal.db
      .selectFrom('documents')
      .select('originalSha256')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO documents (clinic_npi, type, service_line, dos, dos_key, patient_id, patient_last_name, original_sha256)
      SELECT ${OTHER_CLINIC_NPI}, 'rpm-report', 'rpm', now(), -(extract(epoch from now()) * 1000)::bigint, 'BULK' || g, 'Bulk', ${template.originalSha256}
      FROM generate_series(1, 1005) AS g`.execute(portal.db);
    const { body } = await list(`filter[clinicNpi]=${OTHER_CLINIC_NPI}`, portal.as.sysAdmin);
    expect(body.metadata).toMatchObject({ totalCount: 1000, totalCountIsLowerBound: true });
    const { body: small } = await list('page[limit]=5');
    expect(small.metadata).toMatchObject({ totalCount: 31, totalCountIsLowerBound: false });
  });

  it("lists one patient's documents by the patient record, whatever patientId they carry", async () => {
    const patient = await portal.db
      .insertInto('patients')
      .values({ clinicNpi: OWN_CLINIC_NPI, patientId: 'PREF-1', firstName: 'Ada', lastName: 'Quill' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const filed = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientLastName: 'Quill',
    });
    // Filed under an older clinic identifier: the link to the record, not the identifier, makes it hers.
    const renamed = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientLastName: 'Quill',
    });
    await portal.db
      .updateTable('documents')
      .set({ patientRef: patient.id })
      .where('id', 'in', [filed.id, renamed.id])
      .execute();
    await portal.db
      .updateTable('documents')
      .set({ patientId: 'OLD-7' })
      .where('id', '=', renamed.id)
      .execute();

    const { status, body } = await list(`filter[patientRef]=${patient.id}&filter[status]=any&sort=-dos`);
    expect(status).toBe(200);
    expect(body.data.map((doc) => doc.id).sort()).toEqual([filed.id, renamed.id].sort());
    expect(body.metadata.totalCount).toBe(2);

    const { body: nobody } = await list('filter[patientRef]=00000000-0000-4000-8000-000000000000');
    expect(nobody.data).toEqual([]);
    const bad = await portal.as.provider.get('/api/reports?filter[patientRef]=P-123');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('filter[patientRef]');
    await portal.db.deleteFrom('documents').where('id', 'in', [filed.id, renamed.id]).execute();
  });

  it('filtering on a clinic the caller cannot see answers 404', async () => {
    expect((await list(`filter[clinicNpi]=${OTHER_CLINIC_NPI}`)).status).toBe(404);
  });
});
