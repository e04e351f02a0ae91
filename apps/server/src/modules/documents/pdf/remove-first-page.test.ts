import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { removeFirstPage } from './remove-first-page';
import { checkWithQpdf, extractText, readableObjects } from './test-support/pdf-tools';
import { buildDemoReport } from './test-support/sample-pdfs';

describe('stripping the coversheet', () => {
  it('drops page 1 and keeps the rest in order', async () => {
    const report = await buildDemoReport({ pageCount: 4 });
    const stripped = await removeFirstPage(report);

    expect((await checkWithQpdf(stripped)).exitCode).toBe(0);
    expect((await PDFDocument.load(stripped)).getPageCount()).toBe(3);
    const text = await extractText(stripped);
    expect(text).not.toContain('Remote Monitoring Report\n');
    expect(text).toContain('Device measurements');
    expect(text).toContain('Page 4 of 4');
  });

  it('leaves nothing of the coversheet in the file, not even unreferenced', async () => {
    const report = await buildDemoReport({ pageCount: 2 });
    const stripped = await removeFirstPage(report);
    // Uncompressed, every string the file holds is visible; the coversheet's panel titles were only on page 1.
    expect(await readableObjects(report)).toContain('(TRANSMISSION)');

    const raw = await readableObjects(stripped);
    expect(raw).toContain('(Device measurements)');
    expect(raw).not.toContain('(TRANSMISSION)');
    expect(raw).not.toContain('(Previous transmission)');
  });

  it('returns a one-page PDF unchanged rather than an empty one', async () => {
    const coversheetOnly = await buildDemoReport({ pageCount: 1 });
    const result = await removeFirstPage(coversheetOnly);
    expect(Buffer.from(result).equals(Buffer.from(coversheetOnly))).toBe(true);
    expect(result).not.toBe(coversheetOnly);
  });
});
