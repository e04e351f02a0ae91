import { ALERT_LEVELS, DOCUMENT_TYPES, LEAD_CONFIGURATIONS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPE_OF } from './demo-alerts';
import {
  CHAMBERS_OF_FAMILY,
  deviceTypeOf,
  ERI_YEARS,
  HOME_DEVICE_KINDS,
  IMPLANT_MODELS,
  MONITOR_KINDS_OF_TYPE,
  MONITOR_MODELS,
  remainingLongevityYears,
} from './demo-devices';
import { buildDemoReportContent } from './demo-report-content';
import { createDemoDocumentPlanner, type DemoDocumentPlan, SERVICE_LINE_OF } from './plan-demo-document';
import { isWinAnsiText } from './win-ansi';

const NOW = new Date('2026-11-20T12:00:00Z');
const COUNT = 3000;

function planMany(count = COUNT, seed?: number): DemoDocumentPlan[] {
  const planner = createDemoDocumentPlanner({
    now: NOW,
    patientCount: Math.ceil(count / 7),
    ...(seed ? { seed } : {}),
  });
  return Array.from({ length: count }, (_unused, index) => planner.plan(index));
}

const plans = planMany();
const ofTypes = (...types: string[]) => plans.filter((plan) => types.includes(plan.type));
const implantOf = (plan: DemoDocumentPlan) =>
  IMPLANT_MODELS.find((model) => model.modelName === plan.deviceDetail.modelName);
const monitorOf = (plan: DemoDocumentPlan) =>
  MONITOR_MODELS.find((model) => model.modelName === plan.deviceDetail.modelName);
const STUDY_TYPES = [
  'holter-study',
  'extended-holter-study',
  'mcot-study',
  'we-study',
  'sleep-study',
  'abpm-study',
];
const CIED_TYPES = ['implicity-90-day-remote-report', 'implicity-crm-report', 'in-person-device-check'];

describe(`${COUNT} planned demo documents`, () => {
  it('cover every type, and every type and alert level among the first ones', () => {
    expect(new Set(plans.map((plan) => plan.type))).toEqual(new Set(DOCUMENT_TYPES));
    const first = plans.slice(0, 40);
    expect(new Set(first.map((plan) => plan.type))).toEqual(new Set(DOCUMENT_TYPES));
    expect(new Set(first.map((plan) => plan.alert).filter(Boolean))).toEqual(new Set(ALERT_LEVELS));
    for (const plan of plans) expect(plan.serviceLine).toBe(SERVICE_LINE_OF[plan.type]);
  });

  it('give loop recorder reports a loop recorder, without leads', () => {
    const ilrReports = ofTypes('FileMaker-30-day-ILR-Report');
    expect(ilrReports.length).toBeGreaterThan(100);
    for (const plan of ilrReports) {
      expect(implantOf(plan)?.family).toBe('ILR');
      expect(plan.device).toBe('ILR');
      expect(plan.deviceDetail.chambers).toBe('No Leads');
      expect(plan.cptCodes).toEqual(['93298']);
    }
  });

  it('give pacemaker, ICD and CRT reports a fitting device whose leads match its family', () => {
    const reports = ofTypes(...CIED_TYPES, 'crm-alert');
    const families = new Set<string>();
    for (const plan of reports) {
      const implant = implantOf(plan);
      if (!implant) throw new Error(`unknown implant ${plan.deviceDetail.modelName}`);
      families.add(implant.family);
      if (plan.type !== 'crm-alert') expect(implant.family).not.toBe('ILR');
      expect(CHAMBERS_OF_FAMILY[implant.family]).toContain(plan.deviceDetail.chambers);
      expect(LEAD_CONFIGURATIONS).toContain(plan.deviceDetail.chambers);
      expect(plan.device).toBe(deviceTypeOf(implant.family));
      // Implanted before the report; the CRT and defibrillator names agree with their family.
      expect(new Date(plan.deviceDetail.implantDate ?? '').getTime()).toBeLessThan(plan.dos.getTime());
      if (implant.family === 'CRT-D') expect(plan.device).toBe('ICD');
      if (implant.family === 'CRT-P') expect(plan.device).toBe('PM');
    }
    expect(families).toEqual(new Set(['ILR', 'PM', 'ICD', 'CRT-P', 'CRT-D']));
  });

  it('never put an implant on a Holter, MCT, event, sleep or ABPM study: the monitor worn for it instead', () => {
    for (const plan of ofTypes(...STUDY_TYPES)) {
      const monitor = monitorOf(plan);
      expect(monitor && MONITOR_KINDS_OF_TYPE[plan.type]).toContain(monitor?.kind);
      expect(implantOf(plan)).toBeUndefined();
      expect(plan.deviceDetail.implantDate).toBeNull();
      expect(plan.deviceDetail.chambers).toBeNull();
      expect(plan.alert).toBeNull();
      expect(plan.device).toBe(
        { 'sleep-study': 'Sleep', 'abpm-study': 'ABPM' }[plan.type as string] ?? 'WCD',
      );
      // The recording ended before the report was written.
      expect(plan.clinicalStart?.getTime()).toBeLessThan(plan.clinicalEnd?.getTime() ?? 0);
      expect(plan.clinicalEnd?.getTime()).toBeLessThanOrEqual(plan.dos.getTime());
    }
  });

  it('give RPM reports and alerts a cuff, scale or glucometer, never a cardiac device', () => {
    const rpm = ofTypes('rpm-report', 'rpm-alert');
    expect(new Set(rpm.map((plan) => monitorOf(plan)?.kind))).toEqual(new Set(HOME_DEVICE_KINDS));
    for (const plan of rpm) {
      expect(plan.device).toBe('RPM');
      expect(implantOf(plan)).toBeUndefined();
      expect(plan.deviceDetail.implantDate).toBeNull();
      expect(plan.deviceDetail.chambers).toBeNull();
      expect(plan.rpmEncounterId).toMatch(/^RPM-\d{6}-P\d+$/);
      expect(plan.cptCodes).toContain('99457');
    }
  });

  it('raise alerts only on alert types, of a kind the device raises', () => {
    for (const plan of plans) {
      const isAlert = plan.type === 'crm-alert' || plan.type === 'rpm-alert';
      expect(plan.alert !== null).toBe(isAlert);
      expect(plan.alertType !== null && plan.alertText !== null).toBe(isAlert);
      if (!isAlert) continue;
      const family = implantOf(plan)?.family;
      const home = monitorOf(plan)?.kind;
      if (plan.type === 'rpm-alert') {
        const rpmTypes: Record<string, string[]> = {
          'bp-cuff': ['Blood pressure out of range', 'Missed readings'],
          scale: ['Weight gain', 'Missed readings'],
          glucometer: ['Blood glucose out of range', 'Missed readings'],
        };
        expect(rpmTypes[home ?? '']).toContain(plan.alertType);
        continue;
      }
      if (plan.alertType === ALERT_TYPE_OF['ventricular-therapy']) expect(['ICD', 'CRT-D']).toContain(family);
      if (plan.alertType === ALERT_TYPE_OF['crt-pacing']) expect(['CRT-P', 'CRT-D']).toContain(family);
      if (family === 'ILR')
        expect(['AF episode', 'Pause', 'Bradycardia', 'Tachycardia', 'Missed transmission']).toContain(
          plan.alertType,
        );
      else expect(['Pause', 'Bradycardia', 'Tachycardia']).not.toContain(plan.alertType);
      if (plan.alertType === 'Battery ERI')
        expect(remainingLongevityYears(plan.deviceDetail, plan.dos)).toBeLessThanOrEqual(ERI_YEARS);
    }
  });

  it('word each alert for its type, with the numbers its level rests on (GUIDE thresholds)', () => {
    const seen = new Set<string>();
    for (const plan of ofTypes('crm-alert', 'rpm-alert')) {
      const text = plan.alertText ?? '';
      const level = plan.alert;
      const number = (pattern: RegExp) => Number((pattern.exec(text)?.[1] ?? 'NaN').replace(',', ''));
      seen.add(plan.alertType ?? '');
      switch (plan.alertType) {
        case 'AF episode': {
          const burden = number(/AF burden ([\d.]+)% in 24 h/);
          expect(burden).toBeGreaterThan(1);
          expect(level).toBe(burden > 5 ? 'high' : 'medium');
          break;
        }
        case 'VT/VF therapy':
          expect(text).toMatch(
            /^(VF at \d+ bpm; 1 shock delivered \(\d+ J\)|Monomorphic VT at \d+ bpm terminated by ATP)/,
          );
          expect(level).toBe(text.includes('1 shock delivered') ? 'high' : 'medium');
          break;
        case 'Ventricular high rate':
          expect(text).toMatch(/\d+ beats at \d+ bpm/);
          expect(level).toBe('low');
          break;
        case 'Lead impedance': {
          const [, lead] = /^(RA|RV|LV) lead/.exec(text) ?? [];
          expect(['RA', 'RV', 'LV']).toContain(lead);
          expect(
            plan.deviceDetail.chambers === 'Single'
              ? ['RV']
              : plan.deviceDetail.chambers === 'Dual'
                ? ['RA', 'RV']
                : ['RA', 'RV', 'LV'],
          ).toContain(lead);
          const ohms = number(/impedance ([\d,]+) ohms/);
          expect(ohms < 300 || ohms > 1000).toBe(true);
          expect(level).toBe(ohms < 250 || ohms > 1500 ? 'high' : 'medium');
          break;
        }
        case 'Pacing threshold': {
          const volts = number(/capture threshold ([\d.]+) V/);
          expect(volts).toBeGreaterThan(1.5);
          expect(level).toBe(volts >= 2 ? 'high' : 'medium');
          break;
        }
        case 'Battery ERI':
          expect(text).toMatch(/elective replacement indicator \(ERI\)/);
          expect(level).toBe('medium');
          break;
        case 'Pause': {
          const seconds = number(/Pause of ([\d.]+) s/);
          expect(seconds).toBeGreaterThan(3);
          expect(level).toBe(seconds >= 5 ? 'high' : 'medium');
          break;
        }
        case 'Bradycardia':
          expect(number(/Bradycardia (\d+) bpm/)).toBeLessThan(40);
          break;
        case 'Tachycardia':
          expect(number(/Tachycardia (\d+) bpm/)).toBeGreaterThan(167);
          break;
        case 'Low BiV pacing':
          expect(number(/Biventricular pacing ([\d.]+)%/)).toBeLessThan(98);
          break;
        case 'Missed transmission':
        case 'Missed readings':
          expect(text).toMatch(/^No (transmission received|readings) for \d+ days/);
          expect(level).toBe('low');
          break;
        case 'Blood pressure out of range': {
          const [systolic, diastolic] = (/(\d+)\/(\d+) mmHg/.exec(text) ?? []).slice(1).map(Number);
          const severe = (systolic ?? 0) > 180 || (diastolic ?? 0) > 120;
          expect(level === 'high').toBe(severe);
          expect(systolic ?? 0).toBeGreaterThanOrEqual(140);
          break;
        }
        case 'Weight gain':
          expect(text).toMatch(/^Weight [\d.]+ lb, up [\d.]+ lb in \d days?/);
          break;
        case 'Blood glucose out of range': {
          const mgdl = number(/glucose (\d+) mg\/dL/);
          expect(level === 'high').toBe(mgdl < 54 || mgdl > 400);
          expect(mgdl < 70 || mgdl > 250).toBe(true);
          break;
        }
        default:
          throw new Error(`unexpected alert type ${plan.alertType}`);
      }
      // The alert text is drawn with the standard fonts: nothing to embed.
      expect(isWinAnsiText(text)).toBe(true);
    }
    expect(seen.size).toBeGreaterThanOrEqual(12);
  });

  it("carry the alert's numbers into the report the PDF is drawn from", () => {
    for (const plan of ofTypes('crm-alert').slice(0, 400)) {
      const content = buildDemoReportContent({ ...plan.report, clinicName: '' });
      const cells = content.tables.flatMap((table) =>
        table.rows.flatMap((row) => row.map((cell) => cell.text)),
      );
      expect(content.alertBanner?.text).toBe(plan.alertText);
      expect(content.findings[0]?.startsWith(`Alert: ${plan.alertText}. `)).toBe(true);
      const detail = plan.report.alert?.detail;
      if (detail?.kind === 'lead-impedance') {
        const leads = content.tables.find((table) => table.title === 'Leads');
        const row = leads?.rows.find((cells) => cells[0]?.text === detail.lead);
        expect(row?.[1]?.text).toBe(`${detail.ohms} (${detail.previousOhms})`);
        expect(row?.[4]?.tone).toBe(plan.alert === 'high' ? 'alert' : 'warning');
      }
      if (detail?.kind === 'af') expect(cells).toContain(`${detail.burdenPercent.toFixed(1)} %`);
      if (detail?.kind === 'ventricular-therapy') {
        const counters = content.tables.at(-1)?.rows ?? [];
        const shocks = counters.find((cells) => cells[0]?.text === 'Shocks delivered')?.[1]?.text;
        expect(shocks).toBe(detail.therapy === 'shock' ? '1' : '0');
      }
      if (detail?.kind === 'battery-eri') expect(cells).toContain('ERI');
    }
  });

  it('cover the recording, reading or billing period in clinicalStart and clinicalEnd', () => {
    for (const plan of plans) {
      if (plan.type === 'crm-alert' || plan.type === 'in-person-device-check') {
        expect(plan.clinicalStart).toBeNull();
        continue;
      }
      const days = ((plan.clinicalEnd?.getTime() ?? 0) - (plan.clinicalStart?.getTime() ?? 0)) / 86_400_000;
      const expected: Record<string, [number, number]> = {
        'FileMaker-30-day-ILR-Report': [30, 30],
        'implicity-90-day-remote-report': [90, 90],
        'implicity-crm-report': [90, 90],
        'holter-study': [1, 2],
        'extended-holter-study': [3, 14],
        'mcot-study': [14, 30],
        'we-study': [14, 30],
        'sleep-study': [0.25, 0.5],
        'abpm-study': [1, 1],
        'rpm-report': [30, 31],
        'rpm-alert': [30, 31],
      };
      const [min, max] = expected[plan.type] ?? [0, 0];
      expect(days).toBeGreaterThanOrEqual(min);
      expect(days).toBeLessThanOrEqual(max);
    }
  });

  it('keep patients whose names need more than Latin-1', () => {
    const names = new Set(plans.map((plan) => `${plan.patient.firstName} ${plan.patient.lastName}`));
    expect([...names].some((name) => name.includes('Łukasz'))).toBe(true);
    expect([...names].some((name) => name.includes('Żółć'))).toBe(true);
  });

  it('are the same for the same seed and day, and differ for another seed', () => {
    const first = JSON.stringify(planMany(200));
    expect(JSON.stringify(planMany(200))).toBe(first);
    expect(JSON.stringify(planMany(200, 7))).not.toBe(first);
  });
});
