import { deflateSync } from 'node:zlib';
import { type PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeActiveContent } from './remove-active-content';
import { checkWithQpdf, extractText, readableObjects } from './test-support/pdf-tools';
import {
  ACTIVE_CONTENT_KINDS,
  ACTIVE_CONTENT_MARKERS,
  annotationSubtypes,
  buildActiveContentPdf,
  buildDemoReport,
  buildRawPdf,
  KEPT_LINK,
} from './test-support/sample-pdfs';

async function clean(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const removed = removeActiveContent(doc);
  const saved = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  return { removed, saved };
}

describe('removing active content from a PDF', () => {
  let active: Uint8Array;
  beforeAll(async () => {
    active = await buildActiveContentPdf();
  });

  it('the sample really carries every kind of active content (so the test below proves something)', async () => {
    const raw = await readableObjects(active);
    for (const marker of Object.values(ACTIVE_CONTENT_MARKERS)) expect(raw).toContain(marker);
    expect(raw).toMatch(/\/OpenAction \d+ 0 R/);
    expect(annotationSubtypes(await PDFDocument.load(active))).toEqual([
      ['Link', 'Link', 'Link', 'Link', 'Link', 'Link', 'FileAttachment'],
    ]);
  });

  it('removes scripts, launches, form submission and import, remote and embedded files and XFA, and says what', async () => {
    const { removed, saved } = await clean(active);

    expect(removed).toEqual(ACTIVE_CONTENT_KINDS);
    expect((await checkWithQpdf(saved)).exitCode).toBe(0);
    const raw = await readableObjects(saved);
    // Not merely unlinked: the scripts, the embedded file and the XFA stream are gone from the bytes.
    for (const marker of Object.values(ACTIVE_CONTENT_MARKERS)) expect(raw).not.toContain(marker);
    for (const key of [
      '/OpenAction',
      '/AA',
      '/JavaScript',
      '/JS',
      '/EmbeddedFiles',
      '/EF',
      '/XFA',
      '/Launch',
    ])
      expect(raw).not.toContain(key);

    const reloaded = await PDFDocument.load(saved);
    expect(reloaded.catalog.has(PDFName.of('OpenAction'))).toBe(false);
    expect((reloaded.catalog.lookup(PDFName.of('Names')) as PDFDict).has(PDFName.of('JavaScript'))).toBe(
      false,
    );
    expect((reloaded.catalog.lookup(PDFName.of('AcroForm')) as PDFDict).has(PDFName.of('XFA'))).toBe(false);
    // The links keep their place; those whose action was active have none now.
    expect(annotationSubtypes(reloaded)).toEqual([['Link', 'Link', 'Link', 'Link', 'Link', 'Link']]);
  });

  it('keeps what a reader shows: the page text, web links, and a jump within the document', async () => {
    const { saved } = await clean(active);
    expect(await extractText(saved)).toContain('Remote monitoring report with active content');
    const raw = await readableObjects(saved);
    expect(raw).toContain(KEPT_LINK);
    expect(raw).toMatch(/\/S \/GoTo\b/);
    expect(raw).toContain('(Run me)');
  });

  it('finds a script however its names are spelled (#-escapes) and however deep the action chain', async () => {
    const pdf = buildRawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >>' },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
      { dict: '<< /Type /Outlines /First 5 0 R /Last 5 0 R /Count 1 >>' },
      {
        dict: '<< /Title (Deep) /Parent 4 0 R /A << /S /GoTo /D [3 0 R /Fit] /Next [<< /S /GoTo /D [3 0 R /Fit] /Next 6 0 R >>] >> >>',
      },
      { dict: '<< /S /Java#53cript /JS 7 0 R >>' },
      { dict: '<< /Filter /FlateDecode >>', stream: deflateSync('app.alert.deep') },
    ]);
    expect(await readableObjects(pdf)).toContain('app.alert.deep');
    const { removed, saved } = await clean(pdf);
    expect(removed).toEqual(['JavaScript']);
    const raw = await readableObjects(saved);
    expect(raw).not.toContain('app.alert.deep');
    expect(raw).toContain('(Deep)');
  });

  it('leaves a report without active content as it was, apart from unreferenced objects', async () => {
    const report = await buildDemoReport({ pageCount: 3 });
    const { removed, saved } = await clean(report);
    expect(removed).toEqual([]);
    expect((await checkWithQpdf(saved)).exitCode).toBe(0);
    expect(await extractText(saved)).toBe(await extractText(report));
  });

  it('drops objects nothing references, such as a script only an old cross-reference section pointed to', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("orphan")') }));
    const { removed, saved } = await clean(await doc.save({ useObjectStreams: false }));
    expect(removed).toEqual([]);
    expect(await readableObjects(saved)).not.toContain('orphan');
  });
});
