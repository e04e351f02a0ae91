import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from './inspect-pdf';
import { expectNoActiveContent } from './test-support/expect-no-active-content';
import { checkWithQpdf, extractText, transformWithQpdf } from './test-support/pdf-tools';
import {
  ACTIVE_CONTENT_KINDS,
  buildActiveContentPdf,
  buildContentStreamBombPdf,
  buildDeflateBombPdf,
  buildDemoReport,
  buildObjectStreamBombPdf,
  buildRawPdf,
} from './test-support/sample-pdfs';

const MB = 1024 * 1024;
const limits = { maxBytes: 25 * MB };
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A page tree of `depth` levels where each node lists the same child twice: 2^depth pages to a naive walk. */
function buildFanOutPageTree(depth: number): Uint8Array {
  const objects = [{ dict: '<< /Type /Catalog /Pages 2 0 R >>' }];
  for (let level = 0; level < depth; level++) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R`;
    objects.push({
      dict: `<< /Type /Pages /Kids [${self + 1} 0 R ${self + 1} 0 R] /Count ${2 ** (depth - level)} ${parent} >>`,
    });
  }
  objects.push({ dict: `<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 612 792] >>` });
  return buildRawPdf(objects);
}

describe('inspecting an uploaded PDF', () => {
  let report: Uint8Array;
  beforeAll(async () => {
    report = await buildDemoReport({ pageCount: 5 });
  });

  it('accepts a real report and counts its pages', async () => {
    expect(await inspectPdf(report, limits)).toMatchObject({ ok: true, pageCount: 5 });
  });

  it('accepts a PDF whose header follows some junk, as readers do', async () => {
    const prefixed = concat(bytesOf('X'.repeat(500)), report);
    expect(await inspectPdf(prefixed, limits)).toMatchObject({ ok: true, pageCount: 5 });
  });

  it.each<[string, () => Uint8Array]>([
    ['an empty upload', () => new Uint8Array()],
    ['a PNG image, whatever its name', () => bytesOf('\x89PNG\r\n\x1a\n\0\0\0\rIHDR')],
    ['an HTML error page', () => bytesOf('<!doctype html><title>502 Bad Gateway</title>')],
    [
      'a PDF header after the first 1024 bytes',
      () => concat(bytesOf(' '.repeat(1024)), bytesOf('%PDF-1.7\n')),
    ],
  ])('says %s is not a PDF', async (_story, build) => {
    expect(await inspectPdf(build(), limits)).toEqual({
      ok: false,
      reason: 'not-pdf',
      message: 'The file is not a PDF.',
    });
  });

  it('refuses a PDF over the size limit before parsing it', async () => {
    expect(await inspectPdf(report, { maxBytes: report.byteLength - 1 })).toMatchObject({
      ok: false,
      reason: 'too-large',
    });

    // Zeros after a header: any parser would call it unreadable, so 'too large' says it was never parsed.
    const huge = concat(bytesOf('%PDF-1.7\n'), new Uint8Array(3 * MB));
    expect(await inspectPdf(huge, { maxBytes: 2 * MB })).toEqual({
      ok: false,
      reason: 'too-large',
      message: 'The PDF is larger than the 2 MB limit.',
    });
  });

  it('refuses a PDF with more pages than allowed', async () => {
    expect(await inspectPdf(report, { ...limits, maxPages: 4 })).toEqual({
      ok: false,
      reason: 'too-large',
      message: 'The PDF has more than 4 pages.',
    });
  });

  it.each<[string, string[]]>([
    ['a user password (AES-256)', ['--encrypt', 'user', 'owner', '256', '--']],
    [
      'only an owner password (RC4, opens without asking)',
      ['--allow-weak-crypto', '--encrypt', '', 'owner', '128', '--use-aes=n', '--'],
    ],
    [
      'AES-256 with its objects in compressed streams',
      ['--object-streams=generate', '--encrypt', 'u', 'o', '256', '--'],
    ],
  ])('recognises encryption with %s', async (_story, qpdfArgs) => {
    const encrypted = await transformWithQpdf(report, qpdfArgs);
    expect(await inspectPdf(encrypted, limits)).toEqual({
      ok: false,
      reason: 'encrypted',
      message: 'The PDF is password-protected or encrypted. Upload a copy without protection.',
    });
  });

  it.each<[string, () => Uint8Array]>([
    ['a header followed by garbage', () => bytesOf(`%PDF-1.7\n${'garbage '.repeat(200)}`)],
    [
      'a page tree that loops back on itself',
      () =>
        buildRawPdf([
          { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
          { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          { dict: '<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >>' },
        ]),
    ],
    ['a page tree that repeats its kids to describe 2^40 pages', () => buildFanOutPageTree(40)],
    [
      'a page without a media box',
      () =>
        buildRawPdf([
          { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
          { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          { dict: '<< /Type /Page /Parent 2 0 R >>' },
        ]),
    ],
    [
      'no pages at all',
      () =>
        buildRawPdf([
          { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
          { dict: '<< /Type /Pages /Kids [] /Count 0 >>' },
        ]),
    ],
  ])('calls %s unreadable', async (_story, build) => {
    // Found unreadable, not stopped by the worker's time limit, whose message says 'in time'.
    expect(await inspectPdf(build(), limits)).toEqual({
      ok: false,
      reason: 'unparseable',
      message: 'The PDF could not be read; it may be damaged.',
    });
  });

  it('gives up on a decompression bomb within its time limit, then reads the next PDF normally', async () => {
    const bomb = buildDeflateBombPdf(128);
    expect(bomb.byteLength).toBeLessThan(400_000);

    const result = await inspectPdf(bomb, { ...limits, timeoutMs: 300 });
    // Cut by the time limit: its own message, not the bomb's.
    expect(result).toEqual({
      ok: false,
      reason: 'unparseable',
      message: 'The PDF could not be read in time; it may be damaged or too complex.',
    });
    expect(await inspectPdf(report, limits)).toMatchObject({ ok: true, pageCount: 5 });
  });

  it('reads a burst of uploads at once, and leaves every caller’s bytes as they were', async () => {
    const uploads = [1, 2, 3, 4, 5, 6].map((pageCount) => buildDemoReport({ pageCount, seed: pageCount }));
    const files = (await Promise.all(uploads)).map((pdf) => Buffer.from(pdf));
    const digests = files.map((file) => createHash('sha256').update(file).digest('hex'));

    const results = await Promise.all(files.map((file) => inspectPdf(file, limits)));

    expect(results).toMatchObject([1, 2, 3, 4, 5, 6].map((pageCount) => ({ ok: true, pageCount })));
    expect(files.map((file) => createHash('sha256').update(file).digest('hex'))).toEqual(digests);
  });

  it.each<[string, () => Promise<Uint8Array>]>([
    ['an object stream (pdf-lib would inflate it while loading)', () => buildObjectStreamBombPdf(1024)],
    ['a page content stream (only a reader would inflate it)', () => buildContentStreamBombPdf(1024)],
  ])(
    'refuses a 1 MB file that inflates to 1 GiB in %s, at once',
    async (_where, build) => {
      const bomb = await build();
      expect(bomb.byteLength).toBeLessThan(1.1 * MB);

      // The worker's time limit is lifted: on a busy machine counting 256 MB can take longer than its
      // default 5 s, and this test is about the size limit (the time limit has its own test above).
      const result = await inspectPdf(bomb, { ...limits, maxInflatedBytes: 256 * MB, timeoutMs: 100_000 });
      // Refused as a bomb: counting stopped at 256 MB, before anything inflated the whole gigabyte.
      expect(result).toEqual({
        ok: false,
        reason: 'decompression-bomb',
        message: "The PDF's content inflates to more than 256 MB; it may be a decompression bomb.",
      });
    },
    // Building the bomb (deflating 1 GiB) is most of the test's time: about 10 s, over 30 s on a busy day.
    120_000,
  );

  it('gives back the file rewritten without its active content, and says what was removed', async () => {
    const active = await buildActiveContentPdf();
    const result = await inspectPdf(active, limits);
    if (!result.ok) throw new Error(result.message);

    expect(result.pageCount).toBe(1);
    expect(result.removedActiveContent).toEqual(ACTIVE_CONTENT_KINDS);
    await expectNoActiveContent(result.bytes);
    expect(await extractText(result.bytes)).toContain('Remote monitoring report with active content');
  });

  it('rewrites a clean report too, keeping what it shows', async () => {
    const result = await inspectPdf(report, limits);
    if (!result.ok) throw new Error(result.message);
    expect(result.removedActiveContent).toEqual([]);
    expect((await checkWithQpdf(result.bytes)).exitCode).toBe(0);
    expect(await extractText(result.bytes)).toBe(await extractText(report));
  });
});
