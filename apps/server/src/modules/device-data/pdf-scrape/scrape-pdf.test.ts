import { findMeasurement, PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfScrapePool, PdfScrapesBusyError } from './pdf-scrape-pool';
import { scrapePdf } from './scrape-pdf';
import { buildScrapeCorpus, type CorpusEntry } from './test-corpus/scrape-corpus';

const corpus: CorpusEntry[] = await buildScrapeCorpus();
const unitOf = (key: string) => {
  const measurement = findMeasurement(key);
  return measurement?.kind === 'number' ? measurement.unit : null;
};

describe('the scraping corpus', () => {
  it('has at least 24 files covering the layouts, vendors and failures of issue 15', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(24);
    const names = corpus.map((entry) => entry.name);
    for (const name of [
      'medtronic-dual-pm-chamber-table',
      'boston-dual-pm-label-lines',
      'abbott-crt-d-measure-columns',
      'biotronik-icd-sections',
      'two-column-pm-sections',
      'icd-table-split-header-repeated',
      'crt-d-table-continued-without-header',
      'medtronic-ilr',
      'portal-own-dual-pm',
      'scanned-image',
      'encrypted-user-password',
      'broken',
      'letter-without-measurements',
    ]) {
      expect(names).toContain(name);
    }
  });

  for (const entry of corpus) {
    it(`${entry.name}: ${entry.covers}`, async () => {
      const result = await scrapePdf(entry.bytes, PDF_SCRAPE_VOCABULARY);
      expect(result.reason).toBe(entry.reason);
      // Every value shown, under its key and in its unit; nothing else (no value in a chamber it is not in).
      expect(Object.fromEntries(result.proposals.map((proposal) => [proposal.key, proposal.value]))).toEqual(
        entry.expected,
      );
      for (const proposal of result.proposals) {
        expect(proposal.unit, proposal.key).toBe(unitOf(proposal.key));
        expect(proposal.page).toBeGreaterThanOrEqual(1);
        expect(proposal.page).toBeLessThanOrEqual(result.pageCount);
        expect(proposal.box.x).toBeGreaterThanOrEqual(0);
        expect(proposal.box.y).toBeGreaterThanOrEqual(0);
        expect(proposal.box.x + proposal.box.width).toBeLessThanOrEqual(792);
        expect(proposal.box.y + proposal.box.height).toBeLessThanOrEqual(792);
        expect(proposal.box.width).toBeGreaterThan(0);
      }
      if (entry.reason === null) expect(result.pageCount).toBeGreaterThanOrEqual(1);
    });
  }
});

describe("a value's box", () => {
  it("is where pdf.js draws it at scale 1: points from the page's top-left", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Battery Voltage', { x: 72, y: 700, size: 12, font });
    page.drawText('3.01 V', { x: 300, y: 700, size: 12, font });
    doc.addPage([612, 792]).drawText('RV Lead Impedance 520 ohms', { x: 40, y: 100, size: 10, font });
    const result = await scrapePdf(await doc.save(), PDF_SCRAPE_VOCABULARY);
    expect(result.pageCount).toBe(2);
    const [voltage, impedance] = result.proposals;
    // The baseline is 792 − 700 = 92 from the top; the box reaches 0.8 of the font size above it.
    expect(voltage?.page).toBe(1);
    expect(voltage?.box.x).toBe(300);
    expect(voltage?.box.y).toBeCloseTo(92 - 0.8 * 12, 1);
    // pdf.js measures the run itself: within a point of pdf-lib's width.
    expect(Math.abs((voltage?.box.width ?? 0) - font.widthOfTextAtSize('3.01 V', 12))).toBeLessThan(1);
    expect(impedance?.page).toBe(2);
    expect(impedance?.box.y).toBeCloseTo(692 - 8, 1);
  });
});

/**
 * A landscape printout on a portrait page (issue 29 §3): its lines drawn turned by `angle` degrees (PDF
 * space, counter-clockwise), each line's cells at their columns, the lines one under the other as the
 * turned page reads.
 */
async function turnedPrintout(angle: number, lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const [cos, sin] = [
    Math.round(Math.cos((angle * Math.PI) / 180)),
    Math.round(Math.sin((angle * Math.PI) / 180)),
  ];
  for (const [index, line] of lines.entries()) {
    // From the page's centre: back along the baseline, then down the turned page, a line at a time.
    const down = index * 16 - 40;
    const [x, y] = [306 - 200 * cos + down * sin, 396 - 200 * sin - down * cos];
    let column = 0;
    for (const cell of line.split(/(\s{2,})/)) {
      if (cell.trim() !== '')
        page.drawText(cell, {
          x: x + column * 6 * cos,
          y: y + column * 6 * sin,
          size: 10,
          font,
          rotate: degrees(angle),
        });
      column += cell.length;
    }
  }
  return doc.save();
}

const LANDSCAPE = [
  'Patient: Doe, Jane      Serial: PJN123456S',
  '                RA        RV',
  'Impedance       475 ohms  620 ohms',
  'Battery Voltage 3.01 V',
];

describe('turned pages (issue 29 §3)', () => {
  it.each([90, 180, 270])(
    'reads a page whose text is turned %i° as the turned page reads, each box on the page as drawn',
    async (angle) => {
      const outcome = await scrapePdf(await turnedPrintout(angle, LANDSCAPE), PDF_SCRAPE_VOCABULARY);
      expect(outcome.reason).toBe(null);
      expect(outcome.identity).toMatchObject({ patientName: 'Doe, Jane', serial: 'PJN123456S' });
      const values = Object.fromEntries(outcome.proposals.map((proposal) => [proposal.key, proposal.value]));
      expect(values).toEqual({
        MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 475,
        MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 620,
        MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.01,
      });
      // The upright page's box of the same value, turned with the page about its centre.
      const upright = await scrapePdf(await turnedPrintout(0, LANDSCAPE), PDF_SCRAPE_VOCABULARY);
      const centre = (box: { x: number; y: number; width: number; height: number }) => [
        box.x + box.width / 2 - 306,
        box.y + box.height / 2 - 396,
      ];
      for (const proposal of outcome.proposals) {
        const same = upright.proposals.find((each) => each.key === proposal.key);
        const [ux = 0, uy = 0] = centre(same?.box ?? proposal.box);
        const [tx = 0, ty = 0] = centre(proposal.box);
        // Screen coordinates (y down): a counter-clockwise turn of the PDF is clockwise on screen reversed.
        const radians = (-angle * Math.PI) / 180;
        expect(tx).toBeCloseTo(ux * Math.cos(radians) - uy * Math.sin(radians), 0);
        expect(ty).toBeCloseTo(ux * Math.sin(radians) + uy * Math.cos(radians), 0);
        const sideways = angle % 180 !== 0;
        expect(proposal.box.width).toBeCloseTo(
          sideways ? (same?.box.height ?? 0) : (same?.box.width ?? 0),
          1,
        );
      }
    },
  );

  it("leaves a turned word on an upright page alone (a chart's axis title), and takes a turned-only page for text, not a scan", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Lead Impedance Trend', { x: 72, y: 700, size: 12, font });
    page.drawText('Summary of the last session', { x: 72, y: 680, size: 12, font });
    page.drawText('Battery Voltage 3.01 V', { x: 40, y: 300, size: 8, font, rotate: degrees(90) });
    expect(await scrapePdf(await doc.save(), PDF_SCRAPE_VOCABULARY)).toMatchObject({
      proposals: [],
      reason: 'no-labels',
    });
    const skewed = await PDFDocument.create();
    skewed.addPage([612, 792]).drawText('Battery Voltage 3.01 V', {
      x: 300,
      y: 300,
      size: 12,
      font: await skewed.embedFont(StandardFonts.Helvetica),
      rotate: degrees(30),
    });
    expect(await scrapePdf(await skewed.save(), PDF_SCRAPE_VOCABULARY)).toEqual({
      proposals: [],
      pageCount: 1,
      reason: 'no-labels',
      identity: { patientName: null, patientId: null, dob: null, deviceModel: null, serial: null },
    });
  });
});

describe('the pool of scraping workers', () => {
  let pool: PdfScrapePool;
  const report = corpus[0] as CorpusEntry;
  beforeAll(() => {
    pool = new PdfScrapePool({ perCaller: 1, queueLimit: 4, timeoutMs: 5000 }, 1);
  });
  afterAll(() => pool.close());

  it('reads a PDF in a worker as in the thread', async () => {
    const result = await pool.scrape('a', report.bytes);
    expect(result.reason).toBe(null);
    expect('proposals' in result && result.proposals.length).toBe(Object.keys(report.expected).length);
  });

  it('reads only the identity its first pages print when asked (a printout attached by upload, issue 29 §1)', async () => {
    const jane = corpus.find((entry) => entry.name === 'medtronic-dual-pm-chamber-table') as CorpusEntry;
    const result = await pool.scrape('a', jane.bytes, { identityOnly: true });
    expect(result).toMatchObject({
      proposals: [],
      reason: null,
      identity: { patientName: 'Doe, Jane', patientId: '00042', serial: 'PJN123456S' },
    });
  });

  it("refuses a caller's second PDF at once while the first is read (429 with a Retry-After)", async () => {
    const first = pool.scrape('a', report.bytes);
    const refused = await pool.scrape('a', report.bytes).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PdfScrapesBusyError);
    expect(refused).toMatchObject({ statusCode: 429, retryAfterSeconds: 5 });
    expect((await first).reason).toBe(null);
  });

  it("answers 'too-slow' when the worker runs out of time, and reads the next PDF normally", async () => {
    const hurried = new PdfScrapePool({ perCaller: 2, queueLimit: 2, timeoutMs: 1 }, 1);
    try {
      expect(await hurried.scrape('a', report.bytes)).toEqual({ reason: 'too-slow' });
    } finally {
      await hurried.close();
    }
    expect((await pool.scrape('a', report.bytes)).reason).toBe(null);
  });
});
