import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cutForEmr } from './cut-for-emr';
import { checkWithQpdf, extractText } from './test-support/pdf-tools';

async function buildPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1)
    pdf.addPage([612, 792]).drawText(`Page ${index} of ${pages}`, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

describe('cutForEmr', () => {
  it('leaves a PDF within the length as it is', async () => {
    const pdf = await buildPdf(3);
    expect(await cutForEmr(pdf, 3)).toBe(pdf);
  });

  it('keeps the first pages and ends with a page saying how many were left out', async () => {
    const cut = await cutForEmr(await buildPdf(10), 4);
    expect((await checkWithQpdf(cut)).exitCode).toBe(0);
    expect((await PDFDocument.load(cut)).getPageCount()).toBe(4);
    expect(await extractText(cut, { first: 3, last: 3 })).toContain('Page 3 of 10');
    const note = await extractText(cut, { first: 4, last: 4 });
    expect(note).toContain('7 pages were left out of this copy.');
    expect(note).toContain('The report has 10 pages; the EMR copy is cut to 4.');
    expect(note).toContain('The full report is in the portal.');
  });

  it('with a length of one, the copy is the note alone', async () => {
    const cut = await cutForEmr(await buildPdf(2), 1);
    expect((await PDFDocument.load(cut)).getPageCount()).toBe(1);
    expect(await extractText(cut)).toContain('2 pages were left out of this copy.');
  });
});
