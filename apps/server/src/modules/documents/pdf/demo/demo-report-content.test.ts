import { describe, expect, it } from 'vitest';
import { type DemoAlertDetail, describeAlert } from './demo-alerts';
import { buildDemoReportContent, type DemoReportInput } from './demo-report-content';

const input: DemoReportInput = {
  seed: 1,
  documentType: 'implicity-90-day-remote-report',
  serviceLine: 'crm',
  clinicName: 'Clinic',
  patient: { firstName: 'Ada', lastName: 'Castillo', dob: '1948-03-07', id: 'P1' },
  device: {
    manufacturer: 'Medtronic',
    modelName: 'Azure XT DR',
    serialNumber: 'SN1',
    implantDate: '2019-04-15',
    chambers: 'Dual',
  },
  dos: new Date('2026-11-01T10:42:13Z'),
  pageCount: 5,
};

const withAlert = (
  detail: DemoAlertDetail,
  level: 'high' | 'medium' | 'low',
  extra: Partial<DemoReportInput> = {},
) =>
  buildDemoReportContent({
    ...input,
    documentType: 'crm-alert',
    ...extra,
    alert: { level, type: detail.kind, text: describeAlert(detail, level, 'PM'), detail },
  });

const leadsTable = (chambers: string, modelName = 'Azure XT DR') =>
  buildDemoReportContent({ ...input, device: { ...input.device, chambers, modelName } }).tables.find(
    (table) => table.title === 'Leads',
  );
const strips = (content: ReturnType<typeof buildDemoReportContent>) =>
  content.laterPages.flatMap((page) => (page.kind === 'episodes' ? page.strips : []));

describe('the content of a demo report', () => {
  it.each<[string, string, string[]]>([
    ['a single-chamber pacemaker', 'Single', ['RV']],
    ['a dual-chamber pacemaker', 'Dual', ['RA', 'RV']],
    ['a CRT pacemaker', 'BiV', ['RA', 'RV', 'LV']],
  ])('lists the leads of %s', (_story, chambers, leads) => {
    expect(leadsTable(chambers)?.rows.map((row) => row[0]?.text)).toEqual(leads);
  });

  it('adds the shock lead of a defibrillator', () => {
    expect(leadsTable('BiV', 'Resonate X4 CRT-D')?.rows.map((row) => row[0]?.text)).toEqual([
      'RA',
      'RV',
      'LV',
      'HV (shock)',
    ]);
  });

  it('shows sensing instead of leads for an insertable monitor, and no pacing', () => {
    const content = buildDemoReportContent({
      ...input,
      documentType: 'FileMaker-30-day-ILR-Report',
      device: { ...input.device, chambers: 'No Leads', modelName: 'LINQ II' },
    });
    expect(content.tables.map((table) => table.title)).toEqual([
      'Battery',
      'Sensing',
      'Arrhythmia counters since the previous transmission',
    ]);
    const counters = content.tables[2]?.rows.map((row) => row[0]?.text) ?? [];
    expect(counters).toContain('Pause episodes (> 3 s)');
    expect(counters.filter((name) => /pacing/i.test(name ?? ''))).toEqual([]);
    expect(content.findings[1]).toBe(
      `R-wave amplitude ${content.tables[1]?.rows[0]?.[1]?.text}; sensing appropriate with no noise or undersensing.`,
    );
    expect(content.cptCodes).toEqual(['93298']);
    expect(content.sessionRows).toContainEqual(['Monitoring', 'Scheduled, every 31 days']);
  });

  it('keeps measurements in plausible ranges for any seed', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const content = buildDemoReportContent({
        ...input,
        seed,
        device: { ...input.device, chambers: 'BiV' },
      });
      const voltage = Number.parseFloat(content.tables[0]?.rows[0]?.[1]?.text ?? '');
      expect(voltage).toBeGreaterThanOrEqual(2.5);
      expect(voltage).toBeLessThanOrEqual(3.3);
      for (const row of content.tables.find((table) => table.title === 'Leads')?.rows ?? []) {
        if (row[0]?.text === 'HV (shock)') continue;
        // Without an alert, every lead is inside the GUIDE's normal ranges.
        const impedance = Number.parseInt(row[1]?.text ?? '', 10);
        expect(impedance).toBeGreaterThanOrEqual(300);
        expect(impedance).toBeLessThanOrEqual(1000);
        expect(Number.parseFloat(row[3]?.text ?? '')).toBeLessThanOrEqual(1.5);
        expect(row[4]).toEqual({ text: 'Stable', tone: 'normal' });
      }
      for (const strip of strips(content)) {
        expect(strip.heartRate).toBeGreaterThanOrEqual(40);
        expect(strip.heartRate).toBeLessThanOrEqual(160);
      }
    }
  });

  it('plans three strips per episode page, irregular ones for an AF alert', () => {
    const content = withAlert({ kind: 'af', burdenPercent: 12.5, ventricularRate: 118 }, 'high', {
      pageCount: 6,
    });
    expect(strips(content)).toHaveLength(12);
    expect(strips(content)[0]?.rhythm).toBe('atrial-fibrillation-onset');
    expect(strips(content).filter((strip) => strip.rhythm !== 'sinus').length).toBeGreaterThanOrEqual(4);
    expect(content.findings[0]).toMatch(/^Alert: AT\/AF burden 12\.5% in 24 h \(3 h 0 min\)/);
    expect(content.highlights.at(-1)).toEqual({
      label: 'high alert',
      value: 'af',
      detail: 'Alert-triggered transmission',
      tone: 'alert',
    });
  });

  it('shows an impedance alert as a critical value on its lead', () => {
    const content = withAlert({ kind: 'lead-impedance', lead: 'RV', ohms: 1840, previousOhms: 560 }, 'high');
    const rv = content.tables
      .find((table) => table.title === 'Leads')
      ?.rows.find((row) => row[0]?.text === 'RV');
    expect(rv?.[1]).toEqual({ text: '1840 (560)', tone: 'alert' });
    expect(rv?.[4]).toEqual({ text: 'Critical impedance', tone: 'alert' });
    expect(content.icd10Codes).toContain('T82.110A');
  });

  it('shows a VF shock on the first strip and in the therapy counters', () => {
    const content = withAlert(
      { kind: 'ventricular-therapy', rhythm: 'VF', rate: 262, therapy: 'shock', joules: 35 },
      'high',
      { device: { ...input.device, modelName: 'Cobalt XT DR ICD' } },
    );
    expect(strips(content)[0]).toMatchObject({
      rhythm: 'ventricular-fibrillation-shock',
      joules: 35,
      heartRate: 262,
    });
    const counters = Object.fromEntries(
      content.tables.at(-1)?.rows.map((row) => [row[0]?.text, row[1]?.text]) ?? [],
    );
    expect(counters).toMatchObject({
      'Treated VT/VF episodes': '1',
      'Shocks delivered': '1',
      'ATP delivered': '0',
    });
  });

  it('puts the alert episode under the measurements when there are no episode pages', () => {
    const content = withAlert({ kind: 'pause', seconds: 4.2 }, 'medium', {
      pageCount: 2,
      device: { ...input.device, modelName: 'LINQ II', chambers: 'No Leads' },
    });
    expect(content.presentingStrip).toMatchObject({
      title: 'Alert episode: Pause',
      rhythm: 'pause',
      pauseSeconds: 4.2,
    });
  });

  it('shows ERI when the battery has reached its nominal life', () => {
    const content = buildDemoReportContent({
      ...input,
      device: { ...input.device, modelName: 'Azure XT DR MRI', implantDate: '2014-10-01' },
    });
    expect(content.tables[0]?.rows[1]?.[1]?.text).toBe('< 3 months');
    expect(content.highlights[0]).toMatchObject({ label: 'Battery', value: 'ERI' });
  });

  it.each([
    ['holter-study', 'wcd'],
    ['sleep-study', 'sleep'],
    ['abpm-study', 'abpm'],
    ['rpm-report', 'rpm'],
  ])('never shows an implant on a %s, whatever device it is given', (documentType, serviceLine) => {
    const content = buildDemoReportContent({ ...input, documentType, serviceLine });
    const labels = content.deviceRows.map(([label]) => label);
    expect(labels).not.toContain('Implant date');
    expect(labels).not.toContain('Leads');
    expect(content.tables.map((table) => table.title)).not.toContain('Leads');
    expect(content.presentingStrip === null).toBe(documentType !== 'holter-study');
  });

  it('computes the ABPM means from its readings and judges them by the GUIDE limits', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const content = buildDemoReportContent({
        ...input,
        seed,
        documentType: 'abpm-study',
        serviceLine: 'abpm',
        pageCount: 4,
      });
      const readings = content.laterPages.flatMap((page) => (page.kind === 'table' ? page.table.rows : []));
      const valid = readings.filter((row) => row[1]?.text !== '–');
      const day = valid.filter((row) => row[4]?.text === 'Day');
      const mean = (rows: typeof valid, column: number) =>
        Math.round(rows.reduce((sum, row) => sum + Number(row[column]?.text), 0) / rows.length);
      const summary = content.tables[0]?.rows ?? [];
      expect(summary[1]?.[1]?.text).toBe(`${mean(day, 1)}/${mean(day, 2)} mmHg`);
      const aboveDay = mean(day, 1) >= 135 || mean(day, 2) >= 85;
      expect(summary[1]?.[4]?.text).toBe(aboveDay ? 'Above limit' : 'Normal');
      const dipping = Number.parseFloat(content.tables[1]?.rows[0]?.[1]?.text ?? '');
      const pattern = content.tables[1]?.rows[0]?.[2]?.text;
      expect(pattern).toBe(
        dipping < 0 ? 'riser' : dipping < 10 ? 'non-dipper' : dipping <= 20 ? 'dipper' : 'extreme dipper',
      );
    }
  });

  it('writes dates as MM/dd/yyyy whether given as a Date or as ISO text', () => {
    const content = buildDemoReportContent(input);
    expect(content.patientRows).toContainEqual(['Date of birth', '03/07/1948']);
    expect(content.deviceRows).toContainEqual(['Implant date', '04/15/2019']);
    expect(content.sessionRows).toContainEqual(['Transmission received', '11/01/2026 10:42:13 am']);
  });
});
