import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { generateDemoReportPdf } from './generate-demo-report';
import { checkWithQpdf, extractText } from './test-support/pdf-tools';
import { buildDemoReportInput } from './test-support/sample-pdfs';

const input = buildDemoReportInput();

const pageText = async (pdf: Uint8Array, page: number) => extractText(pdf, { first: page, last: page });

describe('a generated demo report', () => {
  it('opens with a coversheet, then measurements, then stored episodes with rhythm strips', async () => {
    const pdf = await generateDemoReportPdf(input);

    expect((await checkWithQpdf(pdf)).exitCode).toBe(0);
    const coversheet = await pageText(pdf, 1);
    for (const text of [
      'Riverside Heart & Rhythm Center',
      'Remote Monitoring Report',
      '90 Day report',
      'Castillo, Ada',
      '03/07/1948',
      'P100042',
      'Medtronic',
      'Azure XT DR',
      'SN482913',
      '04/15/2019',
      'Date of service',
      '11/01/2026',
      'Page 1 of 5',
    ]) {
      expect(coversheet).toContain(text);
    }
    const measurements = await pageText(pdf, 2);
    for (const text of [
      'Device measurements',
      'Battery voltage',
      'Impedance',
      'Sensing',
      'Pacing threshold',
    ]) {
      expect(measurements).toContain(text);
    }
    expect(measurements).toMatch(/Presenting rhythm[\s\S]*25 mm\/s · 10 mm\/mV[\s\S]*Findings/);
    const episodes = await pageText(pdf, 3);
    expect(episodes).toContain('Stored episodes');
    expect(episodes.match(/25 mm\/s/g)).toHaveLength(3);
  });

  it.each([1, 2, 3, 7, 12])('has exactly the %i pages asked for, numbered', async (pageCount) => {
    const pdf = await generateDemoReportPdf({ ...input, pageCount });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(pageCount);
    expect(await pageText(pdf, pageCount)).toContain(`Page ${pageCount} of ${pageCount}`);
    expect((await checkWithQpdf(pdf)).exitCode).toBe(0);
  });

  it('is the same file for the same seed and a different one for another seed', async () => {
    const first = await generateDemoReportPdf(input);
    const again = await generateDemoReportPdf(input);
    const other = await generateDemoReportPdf({ ...input, seed: 43 });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  it('shows an alert on the coversheet and an irregular episode among the strips', async () => {
    const alertText = 'AF burden > 6 h in 24 h; ventricular rate up to 152 bpm';
    const pdf = await generateDemoReportPdf({ ...input, documentType: 'crm-alert', alertText });

    const coversheet = await pageText(pdf, 1);
    expect(coversheet).toContain('DEVICE ALERT');
    expect(coversheet).toContain(alertText);
    expect(coversheet).toContain('Alert report');
    const firstEpisodes = await pageText(pdf, 3);
    expect(firstEpisodes).toContain('Episode 1: AT/AF');
    expect(firstEpisodes).toContain('AF onset');
    expect(firstEpisodes).toContain('consistent with AF');
  });

  it('embeds a Unicode font, deterministically, when a name needs more than the standard fonts have', async () => {
    const unicode = { ...input, patient: { ...input.patient, firstName: 'Łukasz', lastName: 'Żółć' } };
    const pdf = await generateDemoReportPdf(unicode);

    expect((await checkWithQpdf(pdf)).exitCode).toBe(0);
    expect(await pageText(pdf, 1)).toContain('Żółć, Łukasz');
    expect(await pageText(pdf, 4)).toMatch(/Żółć, Łukasz\s+·\s+DOB 03\/07\/1948/);
    expect(Buffer.from(await generateDemoReportPdf(unicode)).equals(Buffer.from(pdf))).toBe(true);
  });

  it.each<[string, string, string]>([
    ['wcd', 'holter-study', 'Ambulatory ECG summary'],
    ['rpm', 'rpm-report', 'Vital signs, 30-day summary'],
    ['abpm', 'abpm-study', 'Ambulatory blood pressure summary'],
    ['sleep', 'sleep-study', 'Sleep study summary'],
  ])('summarises a %s report (%s) with its own measurements', async (serviceLine, documentType, title) => {
    const pdf = await generateDemoReportPdf({ ...input, serviceLine, documentType, pageCount: 2 });
    expect(await pageText(pdf, 2)).toContain(title);
  });

  it('stays small: no font embedded and the ECG paper drawn once per file', async () => {
    expect((await generateDemoReportPdf({ ...input, pageCount: 5 })).byteLength).toBeLessThan(25_000);
    expect((await generateDemoReportPdf({ ...input, pageCount: 12 })).byteLength).toBeLessThan(50_000);
  });

  it.each([0, 13, 2.5])('refuses a page count of %s', async (pageCount) => {
    await expect(generateDemoReportPdf({ ...input, pageCount })).rejects.toThrow(RangeError);
  });
});
