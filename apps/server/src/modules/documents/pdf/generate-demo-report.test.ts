import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { describeAlert } from './demo/demo-alerts';
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
      'Capture threshold',
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

  it('shows an alert on the coversheet and its episode first among the strips', async () => {
    const detail = { kind: 'af' as const, burdenPercent: 27.8, ventricularRate: 111 };
    const alert = {
      level: 'high' as const,
      type: 'AF episode',
      text: describeAlert(detail, 'high', 'PM'),
      detail,
    };
    const pdf = await generateDemoReportPdf({ ...input, documentType: 'crm-alert', alert });

    const coversheet = await pageText(pdf, 1);
    expect(coversheet).toContain('DEVICE ALERT · HIGH · AF EPISODE');
    expect(coversheet).toContain('AT/AF burden 27.8% in 24 h (6 h 40 min); mean ventricular rate 111 bpm');
    expect(coversheet).toContain('Alert report');
    expect(await pageText(pdf, 2)).toMatch(/AT\/AF burden, highest 24 h\s+27\.8 %/);
    const firstEpisodes = await pageText(pdf, 3);
    expect(firstEpisodes).toContain('Episode 1: AF');
    expect(firstEpisodes).toContain('AF onset');
    expect(firstEpisodes).toContain('consistent with AF');
  });

  it("draws a shock on the strip of a VF alert, and a pause on a loop recorder's", async () => {
    const vf = {
      kind: 'ventricular-therapy' as const,
      rhythm: 'VF' as const,
      rate: 270,
      therapy: 'shock' as const,
      joules: 41,
    };
    const shock = await generateDemoReportPdf({
      ...input,
      documentType: 'crm-alert',
      device: { ...input.device, modelName: 'Resonate X4 CRT-D', chambers: 'BiV' },
      alert: { level: 'high', type: 'VT/VF therapy', text: describeAlert(vf, 'high', 'CRT-D'), detail: vf },
    });
    expect(await pageText(shock, 1)).toContain('VF at 270 bpm; 1 shock delivered (41 J), episode terminated');
    expect(await pageText(shock, 2)).toMatch(/Shocks delivered\s+1/);
    expect(await pageText(shock, 3)).toMatch(/Episode 1: VF, shock 41 J[\s\S]*Shock 41 J/);

    const pause = { kind: 'pause' as const, seconds: 5.4 };
    const loop = await generateDemoReportPdf({
      ...input,
      documentType: 'crm-alert',
      device: {
        manufacturer: 'Medtronic',
        modelName: 'LINQ II',
        serialNumber: 'RLA123456G',
        implantDate: '2025-01-10',
        chambers: 'No Leads',
      },
      alert: { level: 'high', type: 'Pause', text: describeAlert(pause, 'high', 'ILR'), detail: pause },
    });
    expect(await pageText(loop, 3)).toMatch(/Episode 1: Pause[\s\S]*Pause 5\.4 s/);
    expect(await pageText(loop, 2)).not.toContain('Capture threshold');
    expect((await checkWithQpdf(loop)).exitCode).toBe(0);
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
    ['rpm', 'rpm-report', 'Readings, 30-day summary'],
    ['abpm', 'abpm-study', 'Ambulatory blood pressure summary'],
    ['sleep', 'sleep-study', 'Sleep study summary'],
  ])('summarises a %s report (%s) with its own measurements', async (serviceLine, documentType, title) => {
    const pdf = await generateDemoReportPdf({ ...input, serviceLine, documentType, pageCount: 2 });
    expect(await pageText(pdf, 2)).toContain(title);
    // The implant the input names is not this report's device: no implant date, no leads.
    expect(await pageText(pdf, 1)).not.toMatch(/Implant date|Leads/);
  });

  it('stays small: no font embedded and the ECG paper drawn once per file', async () => {
    expect((await generateDemoReportPdf({ ...input, pageCount: 5 })).byteLength).toBeLessThan(25_000);
    expect((await generateDemoReportPdf({ ...input, pageCount: 12 })).byteLength).toBeLessThan(50_000);
  });

  it.each([0, 13, 2.5])('refuses a page count of %s', async (pageCount) => {
    await expect(generateDemoReportPdf({ ...input, pageCount })).rejects.toThrow(RangeError);
  });
});
