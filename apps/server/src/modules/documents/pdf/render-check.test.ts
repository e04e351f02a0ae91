import { describe, expect, it } from 'vitest';
import { inspectPdf, pageDoesNotRenderMessage } from './inspect-pdf';
import { checkWithQpdf } from './test-support/pdf-tools';
import {
  breakCrossReference,
  buildActiveContentPdf,
  buildBrokenContentPdf,
  buildDemoReport,
  buildMissingContentPdf,
  buildPlainThreePagePdf,
  cutInHalf,
} from './test-support/sample-pdfs';

const limits = { maxBytes: 25 * 1024 * 1024 };

describe('no blank reports: every page of a PDF the portal takes must draw (issue 29 §2)', () => {
  it('refuses a PDF cut in half (no trailer, later pages missing), naming the first page it lacks', async () => {
    const cut = cutInHalf(await buildPlainThreePagePdf());
    const inspection = await inspectPdf(cut, limits);
    expect(inspection).toMatchObject({ ok: false, reason: 'page-does-not-render' });
    expect(inspection.ok ? '' : inspection.message).toMatch(/^Page [1-3] of the PDF cannot be shown/);
  });

  it("refuses a page whose content stream is not in the file (Poppler: 'xref num … not found')", async () => {
    expect(await inspectPdf(buildMissingContentPdf(), limits)).toEqual({
      ok: false,
      reason: 'page-does-not-render',
      message: pageDoesNotRenderMessage(1),
    });
  });

  it('refuses a page whose content pdf.js cannot draw (a drawing that is not a stream)', async () => {
    expect(await inspectPdf(buildBrokenContentPdf(), limits)).toEqual({
      ok: false,
      reason: 'page-does-not-render',
      message: pageDoesNotRenderMessage(1),
    });
  });

  it('takes a file whose cross-reference table must be rebuilt when every page then draws, and says so', async () => {
    const broken = breakCrossReference(await buildPlainThreePagePdf());
    expect(await inspectPdf(broken, limits)).toMatchObject({
      ok: true,
      pageCount: 3,
      repairs: ['cross-reference table rebuilt'],
    });
  });

  it('takes a sound report as it is, with nothing repaired', async () => {
    expect(await inspectPdf(await buildDemoReport({ pageCount: 3 }), limits)).toMatchObject({
      ok: true,
      pageCount: 3,
      repairs: [],
    });
  });

  it('stores a copy without active content whose trailer qpdf finds consistent (no warning)', async () => {
    for (const source of [
      await buildActiveContentPdf(),
      breakCrossReference(await buildPlainThreePagePdf()),
    ]) {
      const inspection = await inspectPdf(source, limits);
      if (!inspection.ok) throw new Error(inspection.message);
      const check = await checkWithQpdf(inspection.bytes);
      expect(check.output).not.toMatch(/WARNING/i);
      expect(check.exitCode).toBe(0);
    }
  });
});
