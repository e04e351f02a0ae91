import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mergePdfs } from './merge-pdfs';
import { checkWithQpdf, extractText } from './test-support/pdf-tools';
import { buildSamplePdf, buildUnbalancedStatePdf } from './test-support/sample-pdfs';

const pageTexts = async (pdf: Uint8Array) => {
  // pdftotext ends every page with a form feed.
  const text = await extractText(pdf);
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) => page.split('\n')[0]);
};

describe('merging PDFs into one', () => {
  it('keeps every page of every file, in the order given', async () => {
    const first = await buildSamplePdf([
      { size: [612, 792], label: 'A1' },
      { size: [612, 792], label: 'A2' },
    ]);
    const second = await buildSamplePdf([{ size: [595.28, 841.89], label: 'B1' }]);
    const third = buildUnbalancedStatePdf();

    const digest = (pdf: Uint8Array) => createHash('sha256').update(pdf).digest('hex');
    const before = [first, second, third].map(digest);

    const merged = await mergePdfs([second, first, third, second]);

    expect([first, second, third].map(digest)).toEqual(before);
    expect((await checkWithQpdf(merged)).exitCode).toBe(0);
    expect(await pageTexts(merged)).toEqual(['B1', 'A1', 'A2', 'Scaled twice, never restored', 'B1']);
  });

  it('refuses an empty list', async () => {
    await expect(mergePdfs([])).rejects.toThrow('at least one PDF');
  });
});
