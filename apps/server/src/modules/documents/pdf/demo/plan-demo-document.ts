import {
  ALERT_LEVELS,
  type AlertLevel,
  type DeviceType,
  DOCUMENT_TYPES,
  type DocumentType,
} from '@portal/domain';
import { buildDemoAlert } from './demo-alerts';
import {
  CHAMBERS_OF_FAMILY,
  type DemoDeviceKind,
  deviceTypeOf,
  ERI_YEARS,
  HOME_DEVICE_KINDS,
  IMPLANT_MODELS,
  type ImplantFamily,
  type ImplantModel,
  MONITOR_KINDS_OF_TYPE,
  MONITOR_MODELS,
  type MonitorModel,
  remainingLongevityYears,
  serialNumberFor,
} from './demo-devices';
import { DAY_MS } from './demo-format';
import { buildDemoReportContent } from './demo-report-content';
import type { DemoReportInput } from './demo-report-types';
import { createSeededRandom, type SeededRandom } from './seeded-random';

// The demo inbox: which documents a clinic of this kind receives, for which patients, and every field
// of each one decided together with the report it carries, so the list, the details and the PDF agree.

/** Which service line each document type belongs to. */
export const SERVICE_LINE_OF: Readonly<Record<DocumentType, string>> = {
  'FileMaker-30-day-ILR-Report': 'crm',
  'implicity-90-day-remote-report': 'crm',
  'implicity-crm-report': 'crm',
  'crm-alert': 'crm',
  'in-person-device-check': 'crm',
  'mcot-study': 'wcd',
  'holter-study': 'wcd',
  'extended-holter-study': 'wcd',
  'we-study': 'wcd',
  'sleep-study': 'sleep',
  'abpm-study': 'abpm',
  'rpm-report': 'rpm',
  'rpm-alert': 'rpm',
};

/** How often each type arrives: a device clinic's inbox is mostly remote transmissions and their alerts. */
const TYPE_WEIGHTS: Readonly<Record<DocumentType, number>> = {
  'FileMaker-30-day-ILR-Report': 14,
  'implicity-90-day-remote-report': 16,
  'implicity-crm-report': 6,
  'crm-alert': 15,
  'in-person-device-check': 5,
  'mcot-study': 5,
  'holter-study': 6,
  'extended-holter-study': 5,
  'we-study': 4,
  'sleep-study': 5,
  'abpm-study': 5,
  'rpm-report': 8,
  'rpm-alert': 6,
};

/** Page counts a report of each type really has: [min, max]. */
const PAGE_COUNTS: Readonly<Record<DocumentType, [number, number]>> = {
  'FileMaker-30-day-ILR-Report': [2, 6],
  'implicity-90-day-remote-report': [2, 8],
  'implicity-crm-report': [2, 6],
  'crm-alert': [2, 5],
  'in-person-device-check': [2, 4],
  'mcot-study': [4, 12],
  'holter-study': [3, 8],
  'extended-holter-study': [4, 12],
  'we-study': [3, 8],
  'sleep-study': [2, 4],
  // About 64 readings in a day and a night: two pages of them.
  'abpm-study': [4, 5],
  'rpm-report': [2, 4],
  'rpm-alert': [1, 3],
};

const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Carmen',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kaia',
  'Luis',
  'Maya',
  'Nikolai',
  'Olu',
  'Petra',
  'Quinn',
  'Rosa',
  'Sven',
  'Talia',
  'Umar',
  'Vera',
  'Wes',
  'Ximena',
  'Yusuf',
  'Zoe',
  // Names beyond Latin-1: the PDFs embed a Unicode font for them, and the download names keep them.
  'Łukasz',
  'Zoë',
];
const LAST_NAMES = [
  'Abbott',
  'Brennan',
  'Castillo',
  'Dumont',
  'Eriksen',
  'Fischer',
  'Gallagher',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreno',
  'Nakamura',
  'Okonkwo',
  'Petrov',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Varga',
  'Whitfield',
  'Żółć',
];

export type DemoImplant = ImplantModel & { serialNumber: string; implantDate: string };
export type DemoHomeDevice = MonitorModel & { serialNumber: string };
export type DemoPatient = {
  id: string;
  firstName: string;
  lastName: string;
  dob: Date;
  implant: DemoImplant | null;
  homeDevice: DemoHomeDevice | null;
  isOnOac: boolean;
};

/** What the document's own fields say (SPEC §3 Report), and the report its PDF is generated from. */
export type DemoDocumentPlan = {
  type: DocumentType;
  serviceLine: string;
  patient: DemoPatient;
  dos: Date;
  device: DeviceType;
  deviceDetail: {
    manufacturer: string;
    modelName: string;
    serialNumber: string;
    implantDate: string | null;
    chambers: string | null;
  };
  alert: AlertLevel | null;
  alertType: string | null;
  alertText: string | null;
  cptCodes: string[];
  icd10Codes: string[];
  hasEpisodes: boolean;
  isOnOac: boolean;
  clinicalStart: Date | null;
  clinicalEnd: Date | null;
  rpmEncounterId: string | null;
  /** The coversheet's tiles: what the details panel can show without opening the PDF. */
  keyResults: { label: string; value: string }[];
  report: Omit<DemoReportInput, 'clinicName'>;
};

export type DemoDocumentPlanner = {
  patients: readonly DemoPatient[];
  /** The `index`th document; the first ones cover every type and every alert level. */
  plan(index: number): DemoDocumentPlan;
};

const CRM_IMPLANT_TYPES: Partial<Record<DocumentType, readonly ImplantFamily[]>> = {
  'FileMaker-30-day-ILR-Report': ['ILR'],
  'implicity-90-day-remote-report': ['PM', 'ICD', 'CRT-P', 'CRT-D'],
  'implicity-crm-report': ['PM', 'ICD', 'CRT-P', 'CRT-D'],
  'in-person-device-check': ['PM', 'ICD', 'CRT-P', 'CRT-D'],
  // Loop recorders alert too (AF, pauses): an alert comes from any implant.
  'crm-alert': ['ILR', 'PM', 'ICD', 'CRT-P', 'CRT-D'],
};

/**
 * Deterministic for a seed and a `now`: the same patients and documents every time. Documents are
 * planned one at a time (in index order) so a seed of thousands never holds them all.
 */
export function createDemoDocumentPlanner(options: {
  seed?: number;
  now: Date;
  patientCount: number;
}): DemoDocumentPlanner {
  const random = createSeededRandom(options.seed ?? 20261121);
  const { now } = options;
  const patients = Array.from({ length: Math.max(12, options.patientCount) }, (_unused, index) =>
    createPatient(random, index, now),
  );
  const weighted = DOCUMENT_TYPES.flatMap((type) => Array<DocumentType>(TYPE_WEIGHTS[type]).fill(type));
  let alertCount = 0;

  return {
    patients,
    plan(index) {
      // Every type appears in the first thirteen, so even a small demo set has them all.
      const type =
        index < DOCUMENT_TYPES.length ? (DOCUMENT_TYPES[index] as DocumentType) : random.pick(weighted);
      const serviceLine = SERVICE_LINE_OF[type];
      const families = CRM_IMPLANT_TYPES[type];
      const eligible = patients.filter((patient) =>
        families
          ? patient.implant !== null && families.includes(patient.implant.family)
          : serviceLine === 'rpm'
            ? patient.homeDevice !== null
            : true,
      );
      const patient = random.pick(eligible);
      const dos = new Date(now.getTime() - random.int(1, 120) * DAY_MS - random.int(0, 86_399) * 1000);
      const pages = PAGE_COUNTS[type];

      let kind: DemoDeviceKind;
      let deviceDetail: DemoDocumentPlan['deviceDetail'];
      if (families && patient.implant) {
        const { family, manufacturer, modelName, serialNumber, implantDate, chambers } = patient.implant;
        kind = family;
        deviceDetail = { manufacturer, modelName, serialNumber, implantDate, chambers };
      } else if (serviceLine === 'rpm' && patient.homeDevice) {
        const { kind: homeKind, manufacturer, modelName, serialNumber } = patient.homeDevice;
        kind = homeKind;
        deviceDetail = { manufacturer, modelName, serialNumber, implantDate: null, chambers: null };
      } else {
        // A study: the monitor the patient wore, lent out for this study only.
        const monitor = random.pick(
          MONITOR_MODELS.filter((model) => (MONITOR_KINDS_OF_TYPE[type] ?? []).includes(model.kind)),
        );
        kind = monitor.kind;
        deviceDetail = {
          manufacturer: monitor.manufacturer,
          modelName: monitor.modelName,
          serialNumber: serialNumberFor(random, monitor.manufacturer),
          implantDate: null,
          chambers: null,
        };
      }

      const isAlert = type === 'crm-alert' || type === 'rpm-alert';
      const alert = isAlert ? planAlert(random, alertCount++, kind, deviceDetail, dos) : undefined;
      const report: Omit<DemoReportInput, 'clinicName'> = {
        seed: index + 1,
        documentType: type,
        serviceLine,
        patient: {
          firstName: patient.firstName,
          lastName: patient.lastName,
          dob: patient.dob,
          id: patient.id,
        },
        device: deviceDetail,
        deviceKind: kind,
        dos,
        ...(alert ? { alert } : {}),
        pageCount: random.int(pages[0], pages[1]),
      };
      const content = buildDemoReportContent({ ...report, clinicName: '' });
      return {
        type,
        serviceLine,
        patient,
        dos,
        device: deviceTypeOf(kind),
        deviceDetail,
        alert: alert?.level ?? null,
        alertType: alert?.type ?? null,
        alertText: alert?.text ?? null,
        cptCodes: content.cptCodes,
        icd10Codes: content.icd10Codes,
        hasEpisodes: content.hasEpisodes,
        isOnOac: patient.isOnOac,
        clinicalStart: content.period?.start ?? null,
        clinicalEnd: content.period?.end ?? null,
        rpmEncounterId:
          serviceLine === 'rpm'
            ? `RPM-${dos.getUTCFullYear()}${String(dos.getUTCMonth() + 1).padStart(2, '0')}-${patient.id}`
            : null,
        keyResults: content.keyResults,
        report,
      };
    },
  };
}

/** Levels in turn (high, medium, low), so the first alerts show every level. */
function planAlert(
  random: SeededRandom,
  alertIndex: number,
  kind: DemoDeviceKind,
  device: DemoDocumentPlan['deviceDetail'],
  dos: Date,
) {
  const remaining = remainingLongevityYears(device, dos);
  const atEri = remaining !== null && remaining <= ERI_YEARS;
  for (let attempt = 0; attempt < ALERT_LEVELS.length; attempt++) {
    const level = ALERT_LEVELS[(alertIndex + attempt) % ALERT_LEVELS.length] as AlertLevel;
    const alert = buildDemoAlert(random, { kind, chambers: device.chambers, atEri }, level);
    if (alert) return alert;
  }
  throw new Error(`no demo alert for a ${kind}`);
}

function createPatient(random: SeededRandom, index: number, now: Date): DemoPatient {
  // The first three are one of each (loop recorder, pacemaker or defibrillator, home devices only), so
  // every document type has a patient; the rest are mixed.
  const profile = index < 3 ? index : random.pick([0, 0, 1, 1, 1, 1, 2, 2, 2]);
  const family: ImplantFamily | null =
    profile === 0
      ? 'ILR'
      : profile === 1
        ? random.pick(['PM', 'PM', 'PM', 'ICD', 'ICD', 'CRT-P', 'CRT-D'] as const)
        : null;
  let implant: DemoImplant | null = null;
  if (family) {
    const model = random.pick(
      IMPLANT_MODELS.filter(
        (entry) => entry.family === family && CHAMBERS_OF_FAMILY[family].includes(entry.chambers),
      ),
    );
    // Implanted at least half a year ago (so before any of its reports); one in sixteen near its battery's end.
    const ageYears = random.chance(0.06)
      ? random.between(Math.max(0.5, model.longevityYears - 0.45), model.longevityYears + 0.05)
      : random.between(0.5, Math.max(0.6, model.longevityYears - 0.6));
    const implanted = new Date(now.getTime() - ageYears * 365.25 * DAY_MS);
    implant = {
      ...model,
      serialNumber: serialNumberFor(random, model.manufacturer),
      implantDate: implanted.toISOString().slice(0, 10),
    };
  }
  const wantsHome = profile === 2 || random.chance(0.2);
  const homeKind = random.pick(HOME_DEVICE_KINDS);
  const homeModel = wantsHome ? random.pick(MONITOR_MODELS.filter((model) => model.kind === homeKind)) : null;
  return {
    id: `P${String(100000 + index)}`,
    firstName: random.pick(FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
    dob: new Date(Date.UTC(random.int(1932, 1985), random.int(0, 11), random.int(1, 28))),
    implant,
    homeDevice: homeModel
      ? { ...homeModel, serialNumber: serialNumberFor(random, homeModel.manufacturer) }
      : null,
    isOnOac: random.chance(family ? 0.35 : 0.15),
  };
}
