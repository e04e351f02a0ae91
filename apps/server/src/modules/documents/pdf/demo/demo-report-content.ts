import { documentTypeLabel } from '@portal/domain';
import { buildAbpmBody } from './abpm-content';
import { buildCrmBody } from './crm-content';
import {
  type DemoDeviceKind,
  implantFamilyOf,
  isImplantFamily,
  MONITOR_KINDS_OF_TYPE,
  MONITOR_MODELS,
} from './demo-devices';
import { formatDate, formatDateText, formatDateTime } from './demo-format';
import type {
  BodyContext,
  DemoReportContent,
  DemoReportInput,
  Highlight,
  ReportBody,
} from './demo-report-types';
import { buildEcgStudyBody } from './ecg-study-content';
import { buildRpmBody } from './rpm-content';
import { createSeededRandom } from './seeded-random';
import { buildSleepBody } from './sleep-content';

export type * from './demo-report-types';

const SERVICE_LINE_LABELS: Record<string, string> = {
  crm: 'Cardiac Rhythm Management',
  wcd: 'Ambulatory ECG Monitoring',
  rpm: 'Remote Patient Monitoring',
  abpm: 'Ambulatory Blood Pressure Monitoring',
  sleep: 'Sleep Medicine',
};

const LETTERHEADS: Record<string, string> = {
  crm: 'Cardiac Device Clinic',
  wcd: 'Cardiac Monitoring Service',
  rpm: 'Remote Patient Monitoring Program',
  abpm: 'Hypertension Clinic',
  sleep: 'Sleep Medicine Service',
};

/** The report's title: what a physician would call this document. */
export const REPORT_TITLES: Readonly<Record<string, string>> = {
  'FileMaker-30-day-ILR-Report': 'Remote Monitoring Report',
  'implicity-90-day-remote-report': 'Remote Monitoring Report',
  'implicity-crm-report': 'Remote Monitoring Report',
  'crm-alert': 'Remote Monitoring Report',
  'in-person-device-check': 'In-Person Device Check',
  'holter-study': 'Holter Monitoring Report',
  'extended-holter-study': 'Extended Holter Report',
  'mcot-study': 'Mobile Cardiac Telemetry Report',
  'we-study': 'Event Monitoring Report',
  'sleep-study': 'Home Sleep Apnea Test Report',
  'abpm-study': 'Ambulatory Blood Pressure Report',
  'rpm-report': 'Remote Patient Monitoring Report',
  'rpm-alert': 'Remote Patient Monitoring Report',
};

/**
 * The kind of device a report is about: the caller's, else the study type's monitor, else (implants) the
 * catalogue's family for the model. A study or RPM report is never about an implant.
 */
export function deviceKindOf(
  input: Pick<DemoReportInput, 'deviceKind' | 'documentType' | 'device'>,
): DemoDeviceKind {
  if (input.deviceKind) return input.deviceKind;
  const monitorKinds = MONITOR_KINDS_OF_TYPE[input.documentType];
  if (monitorKinds) {
    const known = MONITOR_MODELS.find((model) => model.modelName === input.device.modelName);
    return known && monitorKinds.includes(known.kind) ? known.kind : (monitorKinds[0] ?? 'holter-recorder');
  }
  return implantFamilyOf(input.device);
}

/** Everything the demo report says, decided up front from the seed so the drawing code only lays it out. */
export function buildDemoReportContent(input: DemoReportInput): DemoReportContent {
  const random = createSeededRandom(input.seed);
  const typeLabel = documentTypeLabel(input.documentType);
  const alert = input.alert;
  const kind = deviceKindOf(input);
  const context: BodyContext = {
    input,
    random,
    alert,
    laterPageCount: Math.max(0, input.pageCount - 2),
    before: (offsetSeconds) => formatDateTime(new Date(input.dos.getTime() - offsetSeconds * 1000)),
  };
  const body: ReportBody = isImplantFamily(kind)
    ? buildCrmBody(context, kind)
    : kind === 'sleep-test-device'
      ? buildSleepBody(context)
      : kind === 'abpm-monitor'
        ? buildAbpmBody(context)
        : kind === 'bp-cuff' || kind === 'scale' || kind === 'glucometer'
          ? buildRpmBody(context, kind)
          : buildEcgStudyBody(context, kind);

  const alertTile: Highlight = alert
    ? {
        label: `${alert.level} alert`,
        value: alert.type,
        detail: isImplantFamily(kind) ? 'Alert-triggered transmission' : 'Out-of-range reading',
        tone: alert.level === 'high' ? 'alert' : 'warning',
      }
    : {
        label: 'Alerts',
        value: 'None',
        detail: !isImplantFamily(kind)
          ? 'No alert this period'
          : input.documentType === 'in-person-device-check'
            ? 'None since the last check'
            : 'Scheduled transmission',
        tone: 'normal',
      };
  // Studies end in a report, not an alert: their tiles stay three.
  const highlights =
    alert || isImplantFamily(kind) || kind === 'bp-cuff' || kind === 'scale' || kind === 'glucometer'
      ? [...body.highlights, alertTile]
      : body.highlights;
  const name = `${input.patient.lastName}, ${input.patient.firstName}`;
  const dob = formatDateText(input.patient.dob);
  return {
    ...body,
    highlights,
    title: REPORT_TITLES[input.documentType] ?? 'Remote Monitoring Report',
    typeLabel,
    serviceLineLabel: SERVICE_LINE_LABELS[input.serviceLine] ?? 'Remote Monitoring',
    letterhead: LETTERHEADS[input.serviceLine] ?? 'Cardiology',
    alertBanner: alert
      ? {
          label: `${isImplantFamily(kind) ? 'DEVICE' : 'RPM'} ALERT  ·  ${alert.level.toUpperCase()}  ·  ${alert.type.toUpperCase()}`,
          text: alert.text,
          tone: alert.level === 'high' ? 'alert' : 'warning',
        }
      : null,
    patientLine: `${name}  ·  DOB ${dob}  ·  ID ${input.patient.id}  ·  Date of service ${formatDate(input.dos)}`,
    patientRows: [
      ['Name', name],
      ['Date of birth', dob],
      ['Patient ID', input.patient.id],
    ],
    // The alert tile repeats the document's own alert fields: only the measured results.
    hasEpisodes: body.laterPages.some((page) => page.kind === 'episodes' && page.strips.length > 0),
    keyResults: body.highlights.map((highlight) => ({ label: highlight.label, value: highlight.value })),
  };
}
