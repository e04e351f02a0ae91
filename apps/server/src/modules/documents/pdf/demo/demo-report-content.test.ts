import { describe, expect, it } from 'vitest';
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

const leadsTable = (chambers: string, modelName = 'Azure XT DR') =>
  buildDemoReportContent({ ...input, device: { ...input.device, chambers, modelName } }).tables.find(
    (table) => table.title === 'Leads',
  );

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
      'HV',
    ]);
  });

  it('shows sensing instead of leads for an insertable monitor', () => {
    const content = buildDemoReportContent({
      ...input,
      device: { ...input.device, chambers: 'No Leads', modelName: 'LINQ II' },
    });
    expect(content.tables.map((table) => table.title)).toEqual([
      'Battery',
      'Sensing',
      'Pacing and arrhythmia counters since the previous transmission',
    ]);
  });

  it('keeps measurements in plausible ranges for any seed', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const content = buildDemoReportContent({
        ...input,
        seed,
        device: { ...input.device, chambers: 'BiV' },
      });
      const voltage = Number.parseFloat(content.tables[0]?.rows[0]?.[1]?.text ?? '');
      expect(voltage).toBeGreaterThanOrEqual(2.6);
      expect(voltage).toBeLessThanOrEqual(3.3);
      for (const row of leadsTable('BiV')?.rows ?? []) {
        const impedance = Number.parseInt(row[1]?.text ?? '', 10);
        expect(impedance).toBeGreaterThanOrEqual(200);
        expect(impedance).toBeLessThanOrEqual(1500);
      }
      for (const strip of content.episodeStrips) {
        expect(strip.heartRate).toBeGreaterThanOrEqual(40);
        expect(strip.heartRate).toBeLessThanOrEqual(160);
      }
    }
  });

  it('plans three strips per episode page, irregular ones for an AF alert', () => {
    const content = buildDemoReportContent({ ...input, pageCount: 6, alertText: 'AF burden > 6 h in 24 h' });
    expect(content.episodeStrips).toHaveLength(12);
    expect(content.episodeStrips[0]?.rhythm).toBe('atrial-fibrillation-onset');
    expect(content.episodeStrips.filter((strip) => strip.rhythm !== 'sinus').length).toBeGreaterThanOrEqual(
      4,
    );
    expect(content.findings[0]).toMatch(/^Alert: AF burden > 6 h in 24 h\. /);
  });

  it('raises an impedance alert on the RV lead', () => {
    const content = buildDemoReportContent({
      ...input,
      alertText: 'Lead impedance change > 30% on the RV lead',
    });
    const rv = content.tables
      .find((table) => table.title === 'Leads')
      ?.rows.find((row) => row[0]?.text === 'RV');
    expect(rv?.[4]).toEqual({ text: 'Changed > 30%', tone: 'alert' });
  });

  it('writes dates as MM/dd/yyyy whether given as a Date or as ISO text', () => {
    const content = buildDemoReportContent(input);
    expect(content.patientRows).toContainEqual(['Date of birth', '03/07/1948']);
    expect(content.deviceRows).toContainEqual(['Implant date', '04/15/2019']);
    expect(content.transmissionRows).toContainEqual(['Transmission received', '11/01/2026 10:42:13 am']);
  });
});
