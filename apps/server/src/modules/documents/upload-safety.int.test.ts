import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { multipartBody } from '../../test-support/multipart';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';
import { expectNoActiveContent } from './pdf/test-support/expect-no-active-content';
import { extractText } from './pdf/test-support/pdf-tools';
import {
  ACTIVE_CONTENT_KINDS,
  breakCrossReference,
  buildActiveContentPdf,
  buildContentStreamBombPdf,
  buildDeflateBombPdf,
  buildDemoReport,
  buildObjectStreamBombPdf,
  buildPlainThreePagePdf,
  cutInHalf,
} from './pdf/test-support/sample-pdfs';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MB = 1024 * 1024;

const reportFields = {
  clinicNpi: OWN_CLINIC_NPI,
  type: 'implicity-90-day-remote-report',
  serviceLine: 'crm',
  dos: '2026-11-02T09:30:00Z',
  device: 'ICD',
  patientId: 'P-4242',
  patientFirstName: 'Łukasz',
  patientLastName: 'Żółć',
  // The demo report prints a demo patient of its own (Castillo, Ada): uploaded for another patient, it
  // needs the reason it belongs to this one (issue 29 §1).
  printoutConfirmation: 'Test upload: the demo report prints a demo patient of its own',
};

describe('uploads cannot stall or poison the store', () => {
  const portal = signedInPortal(['irhTech', 'irhAdmin', 'provider'], {
    // Long enough that the flood below is still being checked when the other caller's file comes.
    env: { PDF_CHECKS_PER_CALLER: '2', PDF_CHECK_TIMEOUT_MS: '30000' },
  });
  let report: Uint8Array;

  const upload = (
    caller: Caller,
    file: Uint8Array,
    fields: Record<string, string> = reportFields,
    filename = 'report.pdf',
  ) => {
    const body = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename, bytes: file },
    ]);
    return caller.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const countDocuments = async () =>
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
  const expectNothingStored = async (work: () => Promise<unknown>) => {
    const [documents, files] = [await countDocuments(), countFiles()];
    await work();
    expect(await countDocuments()).toBe(documents);
    expect(countFiles()).toBe(files);
  };

  beforeAll(async () => {
    report = await buildDemoReport({ pageCount: 5 });
  });

  describe('the PDF-checking queue', () => {
    it('answers a caller flooding it 503 with Retry-After beyond its share, and accepts another caller’s upload meanwhile', async () => {
      // Each inflates to 128 MB (under the 256 MB bound): pdf-lib takes a second or more on each.
      const heavy = buildDeflateBombPdf(128);
      const finished: string[] = [];
      const flood = Array.from({ length: 6 }, () =>
        upload(portal.as.irhTech, heavy).then((response) => {
          finished.push('flood');
          return response;
        }),
      );
      const legitimate = upload(portal.as.irhAdmin, report, { ...reportFields, patientId: 'P-legit' }).then(
        (response) => {
          finished.push('legitimate');
          return response;
        },
      );

      const responses = await Promise.all(flood);
      const refused = responses.filter((response) => response.statusCode === 503);
      expect(refused).toHaveLength(4);
      for (const response of refused) {
        expect(response.headers['retry-after']).toBe('30');
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'You have too many PDFs being checked at once; try again in 30 s.',
        });
      }
      // The two admitted were checked in full (they are odd but valid one-page PDFs); nothing failed.
      expect(responses.filter((response) => response.statusCode !== 503).map((r) => r.statusCode)).toEqual([
        201, 201,
      ]);
      expect((await legitimate).statusCode).toBe(201);
      // The legitimate upload did not wait behind the flood: a worker was kept for other callers.
      expect(finished.indexOf('legitimate')).toBeLessThan(finished.lastIndexOf('flood'));
    });
  });

  describe('decompression bombs', () => {
    it.each<[string, () => Promise<Uint8Array>]>([
      ['a page content stream', () => buildContentStreamBombPdf(1024)],
      ['an object stream', () => buildObjectStreamBombPdf(1024)],
    ])(
      'a 1 MB PDF whose %s inflates to 1 GiB is refused with 422, and nothing is stored',
      async (_where, build) => {
        const bomb = await build();
        expect(bomb.byteLength).toBeLessThan(1.1 * MB);
        await expectNothingStored(async () => {
          const response = await upload(portal.as.irhTech, bomb);
          expect(response.statusCode).toBe(422);
          const message = "The PDF's content inflates to more than 256 MB; it may be a decompression bomb.";
          expect(response.json()).toEqual({
            statusCode: 422,
            error: 'Unprocessable Entity',
            message,
            details: [{ field: 'file', message }],
          });
        });
      },
    );
  });

  describe('blank reports (issue 29 §2)', () => {
    it('a PDF cut in half is refused with 422 naming the page that would be blank, and nothing is stored', async () => {
      const cut = cutInHalf(await buildPlainThreePagePdf());
      await expectNothingStored(async () => {
        const response = await upload(portal.as.irhTech, cut, { ...reportFields, patientId: 'P-cut' });
        expect(response.statusCode).toBe(422);
        const body = response.json() as { message: string; details: { field: string; message: string }[] };
        expect(body.message).toMatch(/^Page \d of the PDF cannot be shown/);
        expect(body.details).toEqual([{ field: 'file', message: body.message }]);
      });
    });

    it('a file that opens only with a rebuilt cross-reference table is taken when every page draws, the repair in its created event', async () => {
      const response = await upload(portal.as.irhTech, breakCrossReference(await buildPlainThreePagePdf()), {
        ...reportFields,
        patientId: 'P-repaired',
      });
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };
      const created = await portal.db
        .selectFrom('auditEvents')
        .select('after')
        .where('entityId', '=', id)
        .where('eventType', '=', 'created')
        .executeTakeFirstOrThrow();
      expect(created.after).toMatchObject({ repairs: ['cross-reference table rebuilt'] });
    });

    it('a merge with a truncated file is refused, naming that file', async () => {
      const body = multipartBody([
        { name: 'pdfFiles', filename: 'a.pdf', bytes: report },
        { name: 'pdfFiles', filename: 'b.pdf', bytes: cutInHalf(await buildPlainThreePagePdf()) },
      ]);
      const response = await portal.as.provider.inject({
        method: 'POST',
        url: '/api/reports/merge-pdfs',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ details: [{ field: 'pdfFiles.1' }] });
    });
  });

  describe('active content', () => {
    it('is removed at ingest: the stored PDF has no scripts, launches or embedded files, and the created event says what went', async () => {
      const active = await buildActiveContentPdf();
      const response = await upload(portal.as.irhTech, active, { ...reportFields, patientId: 'P-active' });
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };

      // Without the coversheet: the stored file itself.
      const download = await portal.as.provider.get(`/api/reports/blob-storage/${id}?stripCoversheet=true`);
      expect(download.statusCode).toBe(200);
      const stored = new Uint8Array(download.rawPayload);
      expect(sha256(stored)).not.toBe(sha256(active));
      await expectNoActiveContent(stored);
      expect(await extractText(stored)).toContain('Remote monitoring report with active content');

      const created = await portal.db
        .selectFrom('auditEvents')
        .select('after')
        .where('entityId', '=', id)
        .where('eventType', '=', 'created')
        .executeTakeFirstOrThrow();
      expect(created.after).toMatchObject({
        originalSha256: sha256(stored),
        uploadedSha256: sha256(active),
        removedActiveContent: ACTIVE_CONTENT_KINDS,
      });
    });

    it('never reaches a merged PDF either', async () => {
      const body = multipartBody([
        { name: 'pdfFiles', filename: 'a.pdf', bytes: report },
        { name: 'pdfFiles', filename: 'b.pdf', bytes: await buildActiveContentPdf() },
      ]);
      const response = await portal.as.provider.inject({
        method: 'POST',
        url: '/api/reports/merge-pdfs',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="merged.pdf"; filename*=UTF-8''merged.pdf`,
      );
      const merged = new Uint8Array(response.rawPayload);
      await expectNoActiveContent(merged);
      expect(await extractText(merged)).toContain('Remote monitoring report with active content');
    });
  });

  describe('downloads of documents whose names are not Latin-1', () => {
    it('a document for Łukasz Żółć downloads, named in ASCII and, exactly, in filename*', async () => {
      const response = await upload(portal.as.irhTech, report, { ...reportFields, patientId: 'P-polish' });
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };

      const download = await portal.as.provider.get(`/api/reports/blob-storage/${id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      const header = String(download.headers['content-disposition']);
      expect(header).toBe(
        `attachment; filename="ICD_90_day_report_Lukasz_Zolc_2026-11-02.pdf"; filename*=UTF-8''ICD_90_day_report_%C5%81ukasz_%C5%BB%C3%B3%C5%82%C4%87_2026-11-02.pdf`,
      );
      // What a browser saves the file as: filename*, percent-decoded as UTF-8.
      const encoded = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? '';
      expect(decodeURIComponent(encoded)).toBe('ICD_90_day_report_Łukasz_Żółć_2026-11-02.pdf');
      expect(await extractText(new Uint8Array(download.rawPayload))).toContain('Device measurements');

      const merged = await portal.as.provider.get(`/api/reports/get-reports/${id}`);
      expect(merged.statusCode).toBe(200);
      expect(merged.headers['content-disposition']).toBe(
        `attachment; filename="reports.pdf"; filename*=UTF-8''reports.pdf`,
      );
    });
  });

  describe('form fields and file names', () => {
    it.each<[string, Record<string, string>, string, string]>([
      ['a NUL in a text field', { patientFirstName: 'Ad\u0000a' }, 'report.pdf', 'patientFirstName'],
      [
        'a NUL written as \\u0000 in a JSON field',
        { metadata: '{"source":"a\\u0000b"}' },
        'report.pdf',
        'metadata.source',
      ],
      [
        'an unpaired surrogate written as \\ud800 in a JSON field',
        { metadata: '{"source":"x\\ud800"}' },
        'report.pdf',
        'metadata.source',
      ],
      ['a NUL in the file name', {}, 're\u0000port.pdf', 'file'],
    ])('%s answers 400 naming the field, and nothing is stored', async (_story, fields, filename, field) => {
      await expectNothingStored(async () => {
        const response = await upload(portal.as.irhTech, report, { ...reportFields, ...fields }, filename);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          statusCode: 400,
          details: [{ field, message: 'must not contain NUL characters or unpaired UTF-16 surrogates' }],
        });
      });
    });
  });

  describe('comment metadata', () => {
    let documentId: string;
    beforeAll(async () => {
      documentId = (await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI })).id;
    });
    const comment = (metadata: Record<string, unknown>) =>
      portal.as.provider.post(`/api/reports/${documentId}/comments`, {
        text: 'See the attached trend.',
        metadata,
      });
    const countComments = async () =>
      Number(
        (
          await portal.db
            .selectFrom('documentComments')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('documentId', '=', documentId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it.each<[string, Record<string, unknown>]>([
      ['900 KB', { blob: 'x'.repeat(900 * 1024) }],
      // 10,000 characters but 20,000 bytes: the bound is on the UTF-8 size, not the length.
      ['10,000 two-byte characters', { note: 'ż'.repeat(10_000) }],
    ])('of %s is refused with 413 naming metadata, and no comment is written', async (_story, metadata) => {
      const before = await countComments();
      const response = await comment(metadata);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The comment metadata is larger than 16384 bytes.',
        details: [{ field: 'metadata' }],
      });
      expect(await countComments()).toBe(before);
    });

    it('up to 16 KB is accepted, and an edit cannot add metadata at all', async () => {
      const metadata = { trend: 'y'.repeat(16 * 1024 - 20) };
      const created = await comment(metadata);
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: string };

      const edit = await portal.as.provider.put(`/api/reports/${documentId}/comments/${id}`, {
        text: 'Edited.',
        metadata: { blob: 'x'.repeat(900 * 1024) },
      });
      expect(edit.statusCode).toBe(400);
      const row = await portal.db
        .selectFrom('documentComments')
        .select(['text', 'metadata'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ text: 'See the attached trend.', metadata });
    });
  });
});
