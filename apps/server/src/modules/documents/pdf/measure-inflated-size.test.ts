import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureInflatedSize } from './measure-inflated-size';
import {
  buildContentStreamBombPdf,
  buildDemoReport,
  buildObjectStreamBombPdf,
  buildRawPdf,
  deflateRepeatedSpaces,
  type RawObject,
} from './test-support/sample-pdfs';

const MB = 1024 * 1024;
const LIMIT = 32 * MB;

/** A one-page PDF followed by `extra` objects (numbered from 4). */
const pageWith = (extra: RawObject[]) =>
  buildRawPdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
    ...extra,
  ]);

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('measuring what a PDF inflates to', () => {
  let spaces64: Buffer;
  beforeAll(async () => {
    spaces64 = await deflateRepeatedSpaces(64);
  });

  it('counts the content of a real report, well within the bound', async () => {
    const report = await buildDemoReport({ pageCount: 5 });
    const verdict = await measureInflatedSize(report, LIMIT);
    expect(verdict.kind).toBe('within');
    expect(verdict.kind === 'within' && verdict.inflatedBytes).toBeGreaterThan(report.byteLength);
  });

  it.each<[string, () => Promise<Uint8Array>]>([
    ['an object stream', () => buildObjectStreamBombPdf(64)],
    ['a page content stream', () => buildContentStreamBombPdf(64)],
  ])(
    'stops at the bound on a bomb in %s, having inflated little more than the bound',
    async (_where, build) => {
      const bomb = await build();
      expect(bomb.byteLength).toBeLessThan(100_000);
      const result = await measureInflatedSize(bomb, LIMIT);
      // Counting stops within one inflate chunk (64 KiB) of the 32 MB bound, never near the 64 MB.
      expect(result).toEqual({ kind: 'over', inflatedBytes: expect.any(Number) });
      const inflated = result.kind === 'over' ? result.inflatedBytes : Number.NaN;
      expect(inflated).toBeGreaterThan(LIMIT);
      expect(inflated).toBeLessThanOrEqual(LIMIT + 64 * 1024);
    },
  );

  it('adds up the streams of the file: three of 12 MB pass 32 MB together', async () => {
    const twelve = await deflateRepeatedSpaces(12);
    const pdf = pageWith([
      { dict: '<< /Filter /FlateDecode >>', stream: twelve },
      { dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Filter /FlateDecode >>', stream: twelve },
      { dict: '<< /Filter /FlateDecode >>', stream: twelve },
    ]);
    expect(await measureInflatedSize(pdf, LIMIT)).toMatchObject({ kind: 'over' });
    expect(await measureInflatedSize(pdf, 40 * MB)).toEqual({ kind: 'within', inflatedBytes: 36 * MB });
  });

  it.each<[string, () => RawObject[]]>([
    [
      'deflated twice ([/FlateDecode /FlateDecode])',
      () => [{ dict: '<< /Filter [/FlateDecode /FlateDecode] >>', stream: deflateSync(spaces64) }],
    ],
    [
      'hex-encoded first ([/ASCIIHexDecode /FlateDecode])',
      () => [
        { dict: '<< /Filter [/ASCIIHexDecode /FlateDecode] >>', stream: `${spaces64.toString('hex')}>` },
      ],
    ],
    [
      'named through a reference (/Filter 5 0 R)',
      () => [{ dict: '<< /Filter 5 0 R >>', stream: spaces64 }, { dict: '/FlateDecode' }],
    ],
    [
      'named through a reference to an object that is not there (/Filter 99 0 R)',
      () => [{ dict: '<< /Filter 99 0 R >>', stream: spaces64 }],
    ],
    [
      'hidden inside another stream, where a sequential parser would not look',
      () => [
        {
          dict: '<< >>',
          stream: Buffer.concat([
            Buffer.from('q Q\n5 0 obj\n<< /Filter /FlateDecode >>\nstream\n'),
            spaces64,
            Buffer.from('\nendstream\nendobj\n'),
          ]),
        },
      ],
    ],
  ])('finds the bomb when it is %s', async (_story, objects) => {
    expect(await measureInflatedSize(pageWith(objects()), LIMIT)).toMatchObject({ kind: 'over' });
  });

  it('leaves images out: a reader decodes only what their width and height need', async () => {
    const pdf = pageWith([
      { dict: '<< >>', stream: 'q Q' },
      {
        dict: '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>',
        stream: spaces64,
      },
    ]);
    expect(await measureInflatedSize(pdf, LIMIT)).toEqual({ kind: 'within', inflatedBytes: 0 });
  });

  it('counts what a damaged stream yields before the damage, and does not fail on it', async () => {
    const truncated = (await deflateRepeatedSpaces(12)).subarray(0, 6000);
    const pdf = pageWith([{ dict: '<< /Filter /FlateDecode >>', stream: truncated }]);
    const verdict = await measureInflatedSize(pdf, LIMIT);
    expect(verdict.kind).toBe('within');
    expect(verdict.kind === 'within' && verdict.inflatedBytes).toBeGreaterThan(MB);
  });

  it.each<[string, (index: number) => string, string]>([
    [
      'thousands of streams that never end',
      (n) => `${n} 0 obj\n<< >>\nstream\n${'x'.repeat(100)}\n`,
      'within',
    ],
    [
      'thousands of dictionaries that never close',
      (n) => `${n} 0 obj\n<< /A [<< ${'x'.repeat(100)}\n`,
      'too-complex',
    ],
  ])('stays cheap on a file of %s', async (_story, object, kind) => {
    const head = '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n';
    const objects = Array.from({ length: 5000 }, (_, index) => object(index + 2)).join('');
    const pdf = new Uint8Array(Buffer.from(`${head}${objects}trailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1'));
    // Searched for from every header in turn, each end would cost a pass over the rest of the file:
    // 5,000 × 300 KB, a minute of work.
    const { result, ms } = await timed(() => measureInflatedSize(pdf, LIMIT));
    expect(result.kind).toBe(kind);
    // Tens of milliseconds here; a scan per header would take a minute (four on a busy day). The bound sits
    // far from both, so a slow machine does not fail it and a quadratic search still does.
    expect(ms).toBeLessThan(10_000);
  });
});
