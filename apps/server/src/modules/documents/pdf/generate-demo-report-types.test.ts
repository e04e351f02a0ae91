import { DOCUMENT_TYPES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { IMPLANT_MODELS, MONITOR_MODELS } from './demo/demo-devices';
import { createDemoDocumentPlanner, type DemoDocumentPlan } from './demo/plan-demo-document';
import { generateDemoReportPdf } from './generate-demo-report';
import { checkWithQpdf, extractText } from './test-support/pdf-tools';

// Real PDFs of the seed's own documents, two or three of each type (every RPM device), judged by qpdf and
// read back with pdftotext: each carries the sections of its type and none of another's.

const planner = createDemoDocumentPlanner({ now: new Date('2026-11-20T12:00:00Z'), patientCount: 60 });
const planned = Array.from({ length: 400 }, (_unused, index) => planner.plan(index));
const samples = DOCUMENT_TYPES.flatMap((type) => {
  const ofType = planned.filter((plan) => plan.type === type);
  if (!type.startsWith('rpm')) return ofType.slice(0, 2);
  // One of each home device, where there is one.
  const byModel = new Map<string, DemoDocumentPlan>();
  for (const plan of ofType) {
    const kind = MONITOR_MODELS.find((model) => model.modelName === plan.deviceDetail.modelName)?.kind ?? '';
    if (!byModel.has(kind)) byModel.set(kind, plan);
  }
  return [...byModel.values()];
});

const ECG_STRIP = '25 mm/s';
const familyOf = (plan: DemoDocumentPlan) =>
  IMPLANT_MODELS.find((model) => model.modelName === plan.deviceDetail.modelName)?.family;

/** What each type's report must say, and what it must not. */
function expectations(plan: DemoDocumentPlan): { present: string[]; absent: string[] } {
  const later = plan.report.pageCount >= 3;
  const family = familyOf(plan);
  switch (plan.serviceLine) {
    case 'crm':
      return {
        present: [
          'Device measurements',
          'Battery',
          'Implant date',
          plan.deviceDetail.modelName,
          ECG_STRIP,
          ...(family === 'ILR' ? ['R-wave amplitude', 'Subcutaneous ECG'] : ['Leads', 'Capture threshold']),
          ...(family === 'ICD' || family === 'CRT-D' ? ['Shocks delivered', 'HV (shock)'] : []),
          ...(later ? ['Stored episodes'] : []),
          ...(plan.alertText ? ['DEVICE ALERT', plan.alertText] : []),
        ],
        absent: [
          ...(family === 'ILR'
            ? ['Capture threshold', 'Impedance', 'Battery voltage']
            : ['R-wave amplitude']),
          'Readings, ',
          'Sleep study summary',
        ],
      };
    case 'wcd':
      return {
        present: [
          'Ambulatory ECG summary',
          'MONITOR',
          'Recording start',
          plan.deviceDetail.modelName,
          ECG_STRIP,
          ...(later ? ['Rhythm strips'] : []),
        ],
        absent: ['Implant', 'Battery', 'Capture threshold', 'Leads', 'ALERT'],
      };
    case 'sleep':
      return {
        present: [
          'Home Sleep Apnea Test Report',
          'Sleep study summary',
          'Apnea-hypopnea index',
          'SpO2 nadir',
          ...(later ? ['Hourly summary'] : []),
        ],
        absent: [ECG_STRIP, 'Implant', 'Battery', 'Leads'],
      };
    case 'abpm':
      return {
        present: [
          'Ambulatory blood pressure summary',
          'Daytime (07:00–22:00)',
          'Night-time (22:00–07:00)',
          'Nocturnal systolic dipping',
          ...(later ? ['Blood pressure readings'] : []),
        ],
        absent: [ECG_STRIP, 'Implant', 'Battery', 'Leads'],
      };
    default: {
      const kind = MONITOR_MODELS.find((model) => model.modelName === plan.deviceDetail.modelName)?.kind;
      const measure =
        { 'bp-cuff': 'Blood pressure', scale: 'Weight', glucometer: 'Blood glucose' }[kind as string] ?? '?';
      return {
        present: [
          'Remote Patient Monitoring Report',
          'HOME DEVICE',
          measure,
          'Days with readings',
          ...(later ? ['Readings, newest first'] : []),
          ...(plan.alertText ? ['RPM ALERT', plan.alertText] : []),
        ],
        absent: [ECG_STRIP, 'Implant', 'Battery', 'Leads', 'Pacemaker', 'ICD'],
      };
    }
  }
}

describe("the seed's demo reports, one type at a time", () => {
  it('samples every type', () => {
    expect(new Set(samples.map((plan) => plan.type))).toEqual(new Set(DOCUMENT_TYPES));
    expect(samples.filter((plan) => plan.serviceLine === 'rpm').length).toBeGreaterThanOrEqual(4);
  });

  it.each(samples.map((plan) => [plan.type, plan.deviceDetail.modelName, plan] as const))(
    '%s (%s) passes qpdf --check and carries its own sections only',
    async (_type, _model, plan) => {
      const pdf = await generateDemoReportPdf({
        ...plan.report,
        clinicName: 'Riverside Heart & Rhythm Center',
      });
      const check = await checkWithQpdf(pdf);
      expect(check.output).not.toMatch(/WARNING/);
      expect(check.exitCode).toBe(0);
      // One line per text run, whatever the layout: a label never merges with its neighbour.
      const text = (await extractText(pdf)).replace(/\s+/g, ' ');
      const { present, absent } = expectations(plan);
      for (const section of present) expect(text, section).toContain(section.replace(/\s+/g, ' '));
      for (const section of absent) expect(text, section).not.toContain(section);
      expect(text).toContain(`Page ${plan.report.pageCount} of ${plan.report.pageCount}`);
    },
  );
});
