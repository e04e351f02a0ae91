import type { DeviceType, LeadConfiguration } from '@portal/domain';
import { parseIsoDate } from './demo-dates';
import type { SeededRandom } from './seeded-random';

// The devices of the demo data: real product families, so a cardiologist recognises them, each with the
// lead configuration (SPEC §3) and battery life it really has. Nothing here is read from a device.

/** Implanted cardiac devices: loop recorders, pacemakers, defibrillators and their CRT variants. */
export type ImplantFamily = 'ILR' | 'PM' | 'ICD' | 'CRT-P' | 'CRT-D';
/** Worn or home devices: what records a study, or takes the readings of remote patient monitoring. */
export type MonitorKind =
  | 'holter-recorder'
  | 'ecg-patch'
  | 'mct-monitor'
  | 'event-monitor'
  | 'sleep-test-device'
  | 'abpm-monitor'
  | 'bp-cuff'
  | 'scale'
  | 'glucometer';
export type DemoDeviceKind = ImplantFamily | MonitorKind;
export type LeadName = 'RA' | 'RV' | 'LV';

export type ImplantModel = {
  family: ImplantFamily;
  manufacturer: string;
  modelName: string;
  chambers: LeadConfiguration;
  /** Nominal battery life in years, from implant to the elective replacement indicator. */
  longevityYears: number;
};
export type MonitorModel = { kind: MonitorKind; manufacturer: string; modelName: string };

export const IMPLANT_MODELS: readonly ImplantModel[] = [
  {
    family: 'ILR',
    manufacturer: 'Medtronic',
    modelName: 'LINQ II',
    chambers: 'No Leads',
    longevityYears: 4.5,
  },
  {
    family: 'ILR',
    manufacturer: 'Abbott',
    modelName: 'Assert-IQ 3',
    chambers: 'No Leads',
    longevityYears: 3,
  },
  {
    family: 'ILR',
    manufacturer: 'Boston Scientific',
    modelName: 'LUX-Dx II+',
    chambers: 'No Leads',
    longevityYears: 3,
  },
  {
    family: 'ILR',
    manufacturer: 'Biotronik',
    modelName: 'BIOMONITOR IV',
    chambers: 'No Leads',
    longevityYears: 5.5,
  },
  {
    family: 'PM',
    manufacturer: 'Medtronic',
    modelName: 'Azure XT DR MRI',
    chambers: 'Dual',
    longevityYears: 12,
  },
  {
    family: 'PM',
    manufacturer: 'Medtronic',
    modelName: 'Azure XT SR MRI',
    chambers: 'Single',
    longevityYears: 13,
  },
  { family: 'PM', manufacturer: 'Abbott', modelName: 'Assurity MRI', chambers: 'Dual', longevityYears: 11 },
  {
    family: 'PM',
    manufacturer: 'Boston Scientific',
    modelName: 'Accolade MRI DR',
    chambers: 'Dual',
    longevityYears: 12,
  },
  {
    family: 'PM',
    manufacturer: 'Biotronik',
    modelName: 'Edora 8 SR-T',
    chambers: 'Single',
    longevityYears: 12,
  },
  {
    family: 'PM',
    manufacturer: 'Biotronik',
    modelName: 'Edora 8 DR-T',
    chambers: 'Dual',
    longevityYears: 11,
  },
  {
    family: 'ICD',
    manufacturer: 'Medtronic',
    modelName: 'Cobalt XT VR ICD',
    chambers: 'Single',
    longevityYears: 11,
  },
  {
    family: 'ICD',
    manufacturer: 'Medtronic',
    modelName: 'Cobalt XT DR ICD',
    chambers: 'Dual',
    longevityYears: 10,
  },
  {
    family: 'ICD',
    manufacturer: 'Abbott',
    modelName: 'Gallant VR ICD',
    chambers: 'Single',
    longevityYears: 10,
  },
  {
    family: 'ICD',
    manufacturer: 'Biotronik',
    modelName: 'Rivacor 7 DR-T ICD',
    chambers: 'Dual',
    longevityYears: 9,
  },
  {
    family: 'CRT-P',
    manufacturer: 'Medtronic',
    modelName: 'Percepta Quad CRT-P MRI',
    chambers: 'BiV',
    longevityYears: 9,
  },
  {
    family: 'CRT-P',
    manufacturer: 'Abbott',
    modelName: 'Quadra Allure MP CRT-P',
    chambers: 'BiV',
    longevityYears: 9,
  },
  {
    family: 'CRT-P',
    manufacturer: 'Boston Scientific',
    modelName: 'Visionist X4 CRT-P',
    chambers: 'BiV',
    longevityYears: 10,
  },
  {
    family: 'CRT-D',
    manufacturer: 'Medtronic',
    modelName: 'Cobalt XT HF Quad CRT-D',
    chambers: 'BiV',
    longevityYears: 7,
  },
  {
    family: 'CRT-D',
    manufacturer: 'Boston Scientific',
    modelName: 'Resonate X4 CRT-D',
    chambers: 'BiV',
    longevityYears: 8,
  },
  {
    family: 'CRT-D',
    manufacturer: 'Biotronik',
    modelName: 'Rivacor 7 HF-T QP CRT-D',
    chambers: 'BiV',
    longevityYears: 7,
  },
];

export const MONITOR_MODELS: readonly MonitorModel[] = [
  { kind: 'holter-recorder', manufacturer: 'Philips', modelName: 'DigiTrak XT Holter recorder' },
  { kind: 'holter-recorder', manufacturer: 'Spacelabs Healthcare', modelName: 'Lifecard CF Holter recorder' },
  { kind: 'holter-recorder', manufacturer: 'Baxter', modelName: 'H3+ Holter recorder' },
  { kind: 'ecg-patch', manufacturer: 'iRhythm', modelName: 'Zio XT patch' },
  { kind: 'ecg-patch', manufacturer: 'Baxter', modelName: 'Bardy CAM patch' },
  { kind: 'ecg-patch', manufacturer: 'Philips', modelName: 'ePatch extended Holter' },
  { kind: 'mct-monitor', manufacturer: 'Philips', modelName: 'BioTel MCOT patch' },
  { kind: 'mct-monitor', manufacturer: 'InfoBionic', modelName: 'MoMe Kardia MCT' },
  { kind: 'mct-monitor', manufacturer: 'Boston Scientific', modelName: 'BodyGuardian MINI PLUS MCT' },
  { kind: 'event-monitor', manufacturer: 'Philips', modelName: 'BioTel ER 920W event recorder' },
  { kind: 'event-monitor', manufacturer: 'Boston Scientific', modelName: 'BodyGuardian MINI event monitor' },
  { kind: 'sleep-test-device', manufacturer: 'ResMed', modelName: 'ApneaLink Air' },
  { kind: 'sleep-test-device', manufacturer: 'ZOLL Itamar', modelName: 'WatchPAT 300' },
  { kind: 'sleep-test-device', manufacturer: 'Nox Medical', modelName: 'Nox T3s' },
  { kind: 'abpm-monitor', manufacturer: 'Spacelabs Healthcare', modelName: 'OnTrak 90227 ABPM' },
  { kind: 'abpm-monitor', manufacturer: 'Welch Allyn', modelName: 'ABPM 7100' },
  { kind: 'abpm-monitor', manufacturer: 'SunTech Medical', modelName: 'Oscar 2 ABPM' },
  { kind: 'bp-cuff', manufacturer: 'A&D Medical', modelName: 'UA-651BLE blood pressure cuff' },
  { kind: 'bp-cuff', manufacturer: 'Omron', modelName: 'BP7350 blood pressure cuff' },
  { kind: 'bp-cuff', manufacturer: 'Withings', modelName: 'BPM Connect blood pressure cuff' },
  { kind: 'scale', manufacturer: 'A&D Medical', modelName: 'UC-352BLE weight scale' },
  { kind: 'scale', manufacturer: 'BodyTrace', modelName: 'BT003 cellular scale' },
  { kind: 'glucometer', manufacturer: 'Smart Meter', modelName: 'iGlucose glucometer' },
  { kind: 'glucometer', manufacturer: 'Roche', modelName: 'Accu-Chek Guide Me glucometer' },
];

/** The worn device of each study type, and the home devices of RPM. */
export const MONITOR_KINDS_OF_TYPE: Readonly<Record<string, readonly MonitorKind[]>> = {
  'holter-study': ['holter-recorder'],
  'extended-holter-study': ['ecg-patch'],
  'mcot-study': ['mct-monitor'],
  'we-study': ['event-monitor'],
  'sleep-study': ['sleep-test-device'],
  'abpm-study': ['abpm-monitor'],
  'rpm-report': ['bp-cuff', 'scale', 'glucometer'],
  'rpm-alert': ['bp-cuff', 'scale', 'glucometer'],
};

export const HOME_DEVICE_KINDS = ['bp-cuff', 'scale', 'glucometer'] as const satisfies readonly MonitorKind[];

export const IMPLANT_FAMILIES: readonly ImplantFamily[] = ['ILR', 'PM', 'ICD', 'CRT-P', 'CRT-D'];

export function isImplantFamily(kind: string): kind is ImplantFamily {
  return (IMPLANT_FAMILIES as readonly string[]).includes(kind);
}

export function hasDefibrillator(family: ImplantFamily): boolean {
  return family === 'ICD' || family === 'CRT-D';
}

/** The device type (SPEC §3) a document of this device shows: CRT-P counts as a pacemaker, CRT-D as an ICD. */
export function deviceTypeOf(kind: DemoDeviceKind): DeviceType {
  switch (kind) {
    case 'ILR':
      return 'ILR';
    case 'PM':
    case 'CRT-P':
      return 'PM';
    case 'ICD':
    case 'CRT-D':
      return 'ICD';
    case 'sleep-test-device':
      return 'Sleep';
    case 'abpm-monitor':
      return 'ABPM';
    case 'bp-cuff':
    case 'scale':
    case 'glucometer':
      return 'RPM';
    default:
      // Holter, patch, MCT and event monitors: the wearable ECG devices of the 'wcd' service line.
      return 'WCD';
  }
}

/** The lead configurations a family comes in: a loop recorder has none, CRT always three leads. */
export const CHAMBERS_OF_FAMILY: Readonly<Record<ImplantFamily, readonly LeadConfiguration[]>> = {
  ILR: ['No Leads'],
  PM: ['Single', 'Dual'],
  ICD: ['Single', 'Dual'],
  'CRT-P': ['BiV'],
  'CRT-D': ['BiV'],
};

export function leadsOf(chambers: string | null | undefined): LeadName[] {
  switch (chambers) {
    case 'No Leads':
      return [];
    case 'Single':
      return ['RV'];
    case 'BiV':
      return ['RA', 'RV', 'LV'];
    default:
      return ['RA', 'RV'];
  }
}

/**
 * The family of a device given without one (an uploaded document, an old caller): the catalogue's entry
 * for its model, else read from the model name and lead configuration.
 */
export function implantFamilyOf(device: {
  modelName?: string | null;
  chambers?: string | null;
}): ImplantFamily {
  const model = device.modelName ?? '';
  const known = IMPLANT_MODELS.find((entry) => entry.modelName === model);
  if (known) return known.family;
  if (device.chambers === 'No Leads' || /LINQ|Reveal|Confirm|BIOMONITOR|LUX-Dx|Assert/i.test(model))
    return 'ILR';
  const defibrillator = /ICD|CRT-D|defib/i.test(model);
  if (device.chambers === 'BiV') return defibrillator ? 'CRT-D' : 'CRT-P';
  return defibrillator ? 'ICD' : 'PM';
}

export function nominalLongevityOf(device: { modelName?: string | null; chambers?: string | null }): number {
  const known = IMPLANT_MODELS.find((entry) => entry.modelName === device.modelName);
  if (known) return known.longevityYears;
  return { ILR: 3, PM: 12, ICD: 10, 'CRT-P': 9, 'CRT-D': 7 }[implantFamilyOf(device)];
}

/** A serial number in the style of the manufacturer's labels. */
export function serialNumberFor(random: SeededRandom, manufacturer: string): string {
  const digits = (count: number) =>
    Array.from({ length: count }, (_unused, index) =>
      index === 0 ? random.int(1, 9) : random.int(0, 9),
    ).join('');
  const letters = (count: number) =>
    Array.from({ length: count }, () => String.fromCharCode(65 + random.int(0, 25))).join('');
  switch (manufacturer) {
    case 'Medtronic':
      return `${letters(3)}${digits(6)}${letters(1)}`;
    case 'Biotronik':
      return digits(8);
    case 'Abbott':
      return digits(7);
    case 'Boston Scientific':
      return digits(6);
    default:
      return `${letters(2)}${digits(7)}`;
  }
}

/** A device this close to its nominal battery life shows ERI: about three months of service left. */
export const ERI_YEARS = 0.25;
const YEAR_MS = 365.25 * 86_400_000;

/** Years of battery left at `at`, from the implant date and the model's nominal life; null without a date. */
export function remainingLongevityYears(
  device: { modelName?: string | null; chambers?: string | null; implantDate?: string | null },
  at: Date,
): number | null {
  const implanted = parseIsoDate(device.implantDate);
  if (!implanted) return null;
  return nominalLongevityOf(device) - (at.getTime() - implanted.getTime()) / YEAR_MS;
}
