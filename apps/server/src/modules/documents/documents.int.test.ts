import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { getSamplePdf, insertDocument, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { uploadBody } from '../../test-support/multipart';
import { bearer, signIn } from '../../test-support/sign-in';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';

const pdfText = (bytes: Uint8Array) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'doc.pdf');
  fs.writeFileSync(file, bytes);
  execFileSync('qpdf', ['--check', file]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
};

describe('documents: ingest, sign, acknowledge and the rules around them', () => {
  const portal = signedInPortal(['provider', 'nurse', 'irhTech', 'readOnly']);

  const countRows = async () =>
    Number(
      (
        await portal.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countFiles = () => {
    const root = path.join(portal.config.dataDir, 'blobs');
    if (!fs.existsSync(root)) return 0;
    return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      .length;
  };
  const upload = (
    caller: Caller,
    fields: Record<string, string>,
    file?: { name: string; bytes: Uint8Array; field?: string },
  ) => {
    const body = uploadBody(fields, file);
    return caller.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const validFields = {
    clinicNpi: OWN_CLINIC_NPI,
    type: 'implicity-90-day-remote-report',
    serviceLine: 'crm',
    dos: '2026-11-02T09:30:00Z',
    patientId: 'P-777',
    patientFirstName: 'Łukasz',
    patientLastName: 'Żółć',
    isOnOac: 'true',
  };

  it('a provider-company technician uploads a PDF with its attributes; it is stored by content and audited', async () => {
    const response = await upload(portal.as.irhTech, validFields, {
      name: 'report.pdf',
      bytes: await getSamplePdf(),
    });
    expect(response.statusCode).toBe(201);
    const document = response.json() as { id: string; attributes: Record<string, unknown> };
    expect(document.attributes).toMatchObject({
      clinicNpi: OWN_CLINIC_NPI,
      status: 'unsigned',
      patientFirstName: 'Łukasz',
      isOnOac: true,
      isDraft: false,
      storagePath: `/api/reports/blob-storage/${document.id}`,
    });
    const events = await portal.db
      .selectFrom('auditEvents')
      .select('eventType')
      .where('entityId', '=', document.id)
      .execute();
    expect(events.map((event) => event.eventType)).toEqual(['created']);
  });

  const encryptedPdf = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-'));
    fs.writeFileSync(path.join(dir, 'plain.pdf'), await getSamplePdf());
    execFileSync('qpdf', [
      '--encrypt',
      'user',
      'owner',
      '256',
      '--',
      path.join(dir, 'plain.pdf'),
      path.join(dir, 'locked.pdf'),
    ]);
    return new Uint8Array(fs.readFileSync(path.join(dir, 'locked.pdf')));
  };

  it.each<
    [
      string,
      () => Promise<{
        fields?: Record<string, string>;
        file?: { name: string; bytes: Uint8Array };
        raw?: string;
      }>,
      number,
      string,
    ]
  >([
    [
      'a file that is not a PDF (by its bytes, whatever its name)',
      async () => ({ file: { name: 'x.pdf', bytes: new TextEncoder().encode('GIF89a not a pdf') } }),
      422,
      'file',
    ],
    [
      'a PDF over the size limit',
      async () => ({
        file: {
          name: 'big.pdf',
          bytes: new Uint8Array(3 * 1024 * 1024).fill(32).map((v, i) => (i < 5 ? '%PDF-'.charCodeAt(i) : v)),
        },
      }),
      413,
      '',
    ],
    [
      'an encrypted PDF',
      async () => ({ file: { name: 'locked.pdf', bytes: await encryptedPdf() } }),
      422,
      'file',
    ],
    [
      'an unparseable PDF',
      async () => ({
        file: { name: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n garbage garbage') },
      }),
      422,
      'file',
    ],
    ['no file', async () => ({}), 400, 'file'],
    [
      'a bad NPI',
      async () => ({
        fields: { ...validFields, clinicNpi: '1234567890' },
        file: { name: 'r.pdf', bytes: await getSamplePdf() },
      }),
      400,
      'clinicNpi',
    ],
    [
      'an unknown document type',
      async () => ({
        fields: { ...validFields, type: 'x-ray' },
        file: { name: 'r.pdf', bytes: await getSamplePdf() },
      }),
      400,
      'type',
    ],
    [
      'an unknown field',
      async () => ({
        fields: { ...validFields, colour: 'red' },
        file: { name: 'r.pdf', bytes: await getSamplePdf() },
      }),
      400,
      'colour',
    ],
    ['a malformed multipart body', async () => ({ raw: '--nope\r\nbroken' }), 400, ''],
  ])('refuses %s with a 4xx, storing no row and no file', async (_label, make, status, field) => {
    const rowsBefore = await countRows();
    const filesBefore = countFiles();
    const input = await make();
    const response = input.raw
      ? await portal.as.irhTech.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { 'content-type': 'multipart/form-data; boundary=----x' },
          payload: input.raw,
        })
      : await upload(portal.as.irhTech, input.fields ?? validFields, input.file);
    expect(response.statusCode).toBe(status);
    const body = response.json() as { statusCode: number; message: string; details?: { field: string }[] };
    expect(body.statusCode).toBe(status);
    expect(body.message.length).toBeGreaterThan(3);
    if (field) expect(body.details?.map((detail) => detail.field)).toContain(field);
    expect(await countRows()).toBe(rowsBefore);
    expect(countFiles()).toBe(filesBefore);
  });

  it('the provider signs: unassigned goes to the signer first, the note is appended, the PDF is stamped and hashed into the audit', async () => {
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: null,
    });
    await portal.db
      .updateTable('documents')
      .set({ note: 'Tech: AF episodes noted.' })
      .where('id', '=', document.id)
      .execute();
    // The signer is in California: their clock, with its offset (issue 31 §1).
    const pacific = new Date(Date.now() - 8 * 3_600_000).toISOString().replace(/\.\d+Z$/, '-08:00');
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {
      note: 'Agree, continue OAC.',
      localTime: pacific,
    });
    expect(response.statusCode).toBe(200);
    const signed = response.json() as {
      attributes: { status: string; note: string; assignedTo: string; signedBy: string };
    };
    expect(signed.attributes).toMatchObject({
      status: 'signed',
      note: 'Tech: AF episodes noted. Agree, continue OAC.',
      assignedTo: 'auth0|demo-provider',
      signedBy: 'auth0|demo-provider',
    });
    const events = await portal.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entityId', '=', document.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => [event.eventType, event.note])).toEqual([
      ['reassigned', 'Auto-reassigning unassigned document, prior to signing'],
      ['signed', 'Agree, continue OAC.'],
    ]);
    const row = await portal.db
      .selectFrom('documents')
      .select(['signedSha256', 'originalSha256'])
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect((events[1]?.after as { signedSha256?: string } | undefined)?.signedSha256).toBe(row.signedSha256);
    expect(row.signedSha256).not.toBe(row.originalSha256);

    const download = await portal.as.provider.get(`/api/reports/blob-storage/${document.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''\S+\.pdf$/,
    );
    const text = pdfText(download.rawPayload);
    expect(text).toContain('Reviewed by: Dr. Paula Reyes MD');
    // The server's clock, printed in the signer's offset.
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M \(UTC−08:00\)/);
    expect(text).toContain('Provider Note');
    expect(text).toContain('Agree, continue OAC.');
  });

  it('signing a document that is no longer unsigned answers 409', async () => {
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      status: 'acknowledged',
    });
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {});
    expect(response.statusCode).toBe(409);
  });

  it('twenty concurrent signs from two sessions sign exactly once', async () => {
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    const second = await signIn(portal.app, 'provider@example.org');
    const filesBefore = countFiles();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        portal.app.inject({
          method: 'PATCH',
          url: `/api/reports/${document.id}/sign`,
          headers: bearer(index % 2 ? second : portal.as.provider.tokens),
          payload: { note: `attempt ${index}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const signedEvents = await portal.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entityId', '=', document.id)
      .where('eventType', '=', 'signed')
      .execute();
    expect(signedEvents).toHaveLength(1);
    // Exactly one stamped PDF was stored for it: the original and the one signed version.
    const row = await portal.db
      .selectFrom('documents')
      .select(['signedSha256'])
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect((signedEvents[0]?.after as { signedSha256?: string } | undefined)?.signedSha256).toBe(
      row.signedSha256,
    );
    expect(countFiles()).toBe(filesBefore + 1);
  });

  it('the nurse acknowledges; acknowledging again answers 409; un-acknowledging restores unsigned', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const first = await portal.as.nurse.patch(`/api/reports/${document.id}/acknowledge`, { note: 'Seen.' });
    expect(first.statusCode).toBe(200);
    expect(first.json().attributes.status).toBe('acknowledged');
    expect((await portal.as.nurse.patch(`/api/reports/${document.id}/acknowledge`, {})).statusCode).toBe(409);
    const unsigned = await portal.as.provider.patch(`/api/reports/${document.id}/unsign`, {
      reason: 'Acknowledged the wrong alert.',
    });
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.json().attributes.status).toBe('unsigned');
  });

  it('a nurse cannot sign and the read-only user can change nothing', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    expect((await portal.as.nurse.patch(`/api/reports/${document.id}/sign`, {})).statusCode).toBe(403);
    expect((await portal.as.readOnly.patch(`/api/reports/${document.id}/acknowledge`, {})).statusCode).toBe(
      403,
    );
    expect((await portal.as.readOnly.get(`/api/reports/${document.id}`)).statusCode).toBe(200);
  });

  it('bulk signing answers {reportId, success} per document, skipping alerts unless the clinic allows them', async () => {
    const report = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    const alert = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      type: 'crm-alert',
      alert: 'high',
    });
    const done = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      status: 'signed',
    });
    const clinic = await portal.db
      .selectFrom('organizations')
      .select('id')
      .where('npi', '=', OWN_CLINIC_NPI)
      .executeTakeFirstOrThrow();
    await portal.db
      .updateTable('organizationFeatureFlags')
      .set({ enabled: false })
      .where('organizationId', '=', clinic.id)
      .where('name', '=', 'physicianBulkSignAlerts')
      .execute();
    const response = await portal.as.provider.post('/api/reports/bulk-sign', {
      ids: [report.id, alert.id, done.id],
      note: 'Bulk reviewed.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { reportId: report.id, success: true },
      { reportId: alert.id, success: false },
      { reportId: done.id, success: false },
    ]);
  });

  it("another clinic's document answers 404 on every route", async () => {
    const foreign = await insertDocument(portal.db, portal.storage, { clinicNpi: OTHER_CLINIC_NPI });
    const sysadminOnly = [`DELETE /api/reports/${foreign.id}/hard-delete`];
    const { provider, nurse } = portal.as;
    const calls: [Caller, 'GET' | 'PATCH' | 'POST' | 'DELETE' | 'PUT', string, object?][] = [
      [provider, 'GET', `/api/reports/${foreign.id}`],
      [provider, 'PATCH', `/api/reports/${foreign.id}`, { note: 'x' }],
      [provider, 'PATCH', `/api/reports/${foreign.id}/sign`, {}],
      [nurse, 'PATCH', `/api/reports/${foreign.id}/acknowledge`, {}],
      [provider, 'PATCH', `/api/reports/${foreign.id}/unsign`, { reason: 'Wrong patient.' }],
      [provider, 'PATCH', `/api/reports/${foreign.id}/lock`],
      [provider, 'PATCH', `/api/reports/${foreign.id}/unlock`],
      [provider, 'PATCH', `/api/reports/${foreign.id}/pin`, { isPinned: true }],
      [provider, 'PATCH', `/api/reports/${foreign.id}/set-download-state`, { isDownloaded: true }],
      [provider, 'PATCH', `/api/reports/${foreign.id}/hide`],
      [provider, 'PATCH', `/api/reports/${foreign.id}/unhide`],
      [provider, 'PATCH', `/api/reports/${foreign.id}/system-error`],
      [provider, 'GET', `/api/reports/blob-storage/${foreign.id}`],
      [provider, 'GET', `/api/reports/get-reports/${foreign.id}`],
      [provider, 'GET', `/api/reports/${foreign.id}/comments`],
      [provider, 'POST', `/api/reports/${foreign.id}/comments`, { text: 'hello' }],
      [provider, 'POST', `/api/reports/${foreign.id}/report-problem`, { text: 'broken' }],
      [provider, 'GET', `/api/reports?filter[id]=${foreign.id}`],
    ];
    for (const [caller, method, url, payload] of calls) {
      const response = await caller.send(method, url, payload);
      if (url.startsWith('/api/reports?')) {
        expect(response.json().data, url).toEqual([]);
      } else {
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // Bulk routes answer per document: success false, and nothing about the document leaks.
    for (const [caller, url, payload] of [
      [provider, '/api/reports/bulk-sign', { ids: [foreign.id] }],
      [provider, '/api/reports/sign', { ids: [foreign.id] }],
      [provider, '/api/reports/reassign', { ids: [foreign.id], reassignTo: 'auth0|demo-provider' }],
      [provider, '/api/reports/bulk-update-note', { ids: [foreign.id], note: 'x' }],
    ] as const) {
      const response = await caller.post(url, payload);
      expect(response.json(), url).toEqual([{ reportId: foreign.id, success: false }]);
    }
    expect(sysadminOnly).toHaveLength(1);
    const row = await portal.db
      .selectFrom('documents')
      .select(['status', 'note', 'isPinned'])
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'unsigned', note: '', isPinned: false });
  });

  it('report-a-problem marks a system error, then adds a system comment with status problem reported', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.nurse.post(`/api/reports/${document.id}/report-problem`, {
      text: 'Pages are missing.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'system',
      status: 'problem reported',
      text: 'Pages are missing.',
    });
    const row = await portal.db
      .selectFrom('documents')
      .select('systemError')
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(row.systemError).toBe(true);
  });

  it('comments carry reactions that each user toggles', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const created = await portal.as.nurse.post(`/api/reports/${document.id}/comments`, {
      to: 'auth0|demo-provider',
      text: 'Please review the AF burden.',
    });
    expect(created.statusCode).toBe(201);
    const comment = created.json() as { id: string };
    await portal.as.provider.put(`/api/reports/${document.id}/comments/${comment.id}`, { reaction: 'LIKE' });
    const liked = await portal.as.nurse.put(`/api/reports/${document.id}/comments/${comment.id}`, {
      reaction: 'LIKE',
    });
    expect(liked.json().reactions).toEqual({ LIKE: ['auth0|demo-provider', 'auth0|demo-nurse'] });
    const unliked = await portal.as.provider.put(`/api/reports/${document.id}/comments/${comment.id}`, {
      reaction: 'LIKE',
    });
    expect(unliked.json().reactions).toEqual({ LIKE: ['auth0|demo-nurse'] });
    expect(
      (await portal.as.provider.delete(`/api/reports/${document.id}/comments/${comment.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await portal.as.nurse.delete(`/api/reports/${document.id}/comments/${comment.id}`)).statusCode,
    ).toBe(204);
  });

  it('get-reports returns one PDF of the selected documents, pages in order', async () => {
    const first = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const second = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.provider.get(`/api/reports/get-reports/${first.id},${second.id}`);
    expect(response.statusCode).toBe(200);
    const merged = await PDFDocument.load(response.rawPayload);
    // Each one-page document behind its clinic's coversheet (longitudinal by default).
    expect(merged.getPageCount()).toBe(4);
  });
});
