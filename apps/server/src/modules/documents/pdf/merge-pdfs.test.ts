import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mergePdfs } from './merge-pdfs';
import { expectNoActiveContent } from './test-support/expect-no-active-content';
import { checkWithQpdf, extractText, readableObjects } from './test-support/pdf-tools';
import {
  buildActiveContentPdf,
  buildSamplePdf,
  buildUnbalancedStatePdf,
  KEPT_LINK,
} from './test-support/sample-pdfs';

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

  it('carries no active content, even from inputs that were never checked (stored before the check existed)', async () => {
    const merged = await mergePdfs([
      await buildSamplePdf([{ size: [612, 792], label: 'A1' }]),
      await buildActiveContentPdf(),
    ]);

    await expectNoActiveContent(merged);
    expect(await readableObjects(merged)).toContain(KEPT_LINK);
    expect(await extractText(merged)).toContain('Remote monitoring report with active content');
  });

  it('refuses an empty list', async () => {
    await expect(mergePdfs([])).rejects.toThrow('at least one PDF');
  });
});
