// The portal's one vocabulary for device measurements (issue 14): the IEEE 11073-10103 (IDCO) nomenclature.
// A measurement's key is its IDCO term name; the counts of episodes, which IDCO keys by an episode-type
// dimension (MDC_IDC_STAT_EPISODE_TYPE in the same OBX sub-ID group), are `<term>.<kind>`.

import type { DeviceType } from '../common/device-types';
import type { LeadConfigurationKey } from '../reports/lead-configurations';

export const LEAD_CHAMBERS = ['RA', 'RV', 'LV'] as const;
export type LeadChamber = (typeof LEAD_CHAMBERS)[number];

export const MEASUREMENT_GROUPS = [
  'battery',
  'lead',
  'hv',
  'pacing',
  'arrhythmia',
  'episodes',
  'therapy',
] as const;
export type MeasurementGroup = (typeof MEASUREMENT_GROUPS)[number];

/** IDCO's battery status values (MDC_IDC_ENUM_BATTERY_STATUS_*), from beginning to end of service. */
export const BATTERY_STATUSES = ['BOS', 'MOS', 'RRT', 'ERI', 'EOS'] as const;
export type BatteryStatus = (typeof BATTERY_STATUSES)[number];

/** Episode kinds counted since the last session, with IDCO's episode-type value for each. */
export const EPISODE_KINDS = {
  VT: 'Epis_VT',
  VF: 'Epis_VF',
  /** Non-sustained VT (Medtronic's 'VT-NS', issue 29 §3): counted, never treated. */
  VTNS: 'Epis_VT_NonSustained',
  SVT: 'Epis_SVT',
  ATAF: 'Epis_AT_AF',
  Pause: 'Epis_Pause',
  Brady: 'Epis_Brady',
  PatientActivated: 'Epis_PatientActivated',
} as const;
export type EpisodeKind = keyof typeof EPISODE_KINDS;

export const EPISODE_COUNT_TERM = 'MDC_IDC_STAT_EPISODE_RECENT_COUNT';

type NumericDefinition = {
  /** The IDCO term name, `<term>.<kind>` for an episode count. */
  key: string;
  label: string;
  /** A short label for narrow places: a chart's title, a column. */
  shortLabel: string;
  group: MeasurementGroup;
  kind: 'number';
  unit: string;
  /** Digits after the decimal point a value is shown with. */
  decimals: number;
  /** What a device can physically report: a value outside is refused, naming the field. */
  range: { min: number; max: number };
  chamber?: LeadChamber;
};
type StatusDefinition = {
  key: string;
  label: string;
  shortLabel: string;
  group: MeasurementGroup;
  kind: 'status';
  values: readonly string[];
};
export type MeasurementDefinition = NumericDefinition | StatusDefinition;

const BATTERY: MeasurementDefinition[] = [
  {
    key: 'MDC_IDC_MSMT_BATTERY_VOLTAGE',
    label: 'Battery voltage',
    shortLabel: 'Battery V',
    group: 'battery',
    kind: 'number',
    unit: 'V',
    decimals: 2,
    range: { min: 1.5, max: 3.5 },
  },
  {
    key: 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
    label: 'Remaining longevity',
    shortLabel: 'Longevity',
    group: 'battery',
    kind: 'number',
    unit: 'months',
    decimals: 0,
    range: { min: 0, max: 240 },
  },
  {
    key: 'MDC_IDC_MSMT_BATTERY_REMAINING_PERCENTAGE',
    label: 'Battery remaining',
    shortLabel: 'Battery %',
    group: 'battery',
    kind: 'number',
    unit: '%',
    decimals: 0,
    range: { min: 0, max: 100 },
  },
  {
    key: 'MDC_IDC_MSMT_BATTERY_STATUS',
    label: 'Battery status',
    shortLabel: 'Battery',
    group: 'battery',
    kind: 'status',
    values: BATTERY_STATUSES,
  },
  {
    key: 'MDC_IDC_MSMT_CAP_CHARGE_TIME',
    label: 'Capacitor charge time',
    shortLabel: 'Charge time',
    group: 'battery',
    kind: 'number',
    unit: 's',
    decimals: 1,
    range: { min: 0, max: 30 },
  },
];

function leadChannel(chamber: LeadChamber): MeasurementDefinition[] {
  const term = `MDC_IDC_MSMT_LEADCHNL_${chamber}`;
  return [
    {
      key: `${term}_SENSING_INTR_AMPL`,
      label: `${chamber} sensing amplitude`,
      shortLabel: `${chamber} sensing`,
      group: 'lead',
      kind: 'number',
      unit: 'mV',
      decimals: 1,
      range: { min: 0, max: 30 },
      chamber,
    },
    {
      key: `${term}_PACING_THRESHOLD_AMPLITUDE`,
      label: `${chamber} pacing threshold`,
      shortLabel: `${chamber} threshold`,
      group: 'lead',
      kind: 'number',
      unit: 'V',
      decimals: 2,
      range: { min: 0, max: 10 },
      chamber,
    },
    {
      key: `${term}_PACING_THRESHOLD_PULSEWIDTH`,
      label: `${chamber} threshold pulse width`,
      shortLabel: `${chamber} pulse width`,
      group: 'lead',
      kind: 'number',
      unit: 'ms',
      decimals: 2,
      range: { min: 0, max: 2 },
      chamber,
    },
    {
      key: `${term}_IMPEDANCE_VALUE`,
      label: `${chamber} pacing impedance`,
      shortLabel: `${chamber} impedance`,
      group: 'lead',
      kind: 'number',
      unit: 'Ω',
      decimals: 0,
      range: { min: 100, max: 3000 },
      chamber,
    },
  ];
}

const HV: MeasurementDefinition[] = [
  {
    key: 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
    label: 'HV (shock) impedance',
    shortLabel: 'HV impedance',
    group: 'hv',
    kind: 'number',
    unit: 'Ω',
    decimals: 0,
    range: { min: 10, max: 200 },
  },
];

function percentage(key: string, label: string, shortLabel: string, group: MeasurementGroup) {
  return {
    key,
    label,
    shortLabel,
    group,
    kind: 'number',
    unit: '%',
    decimals: 1,
    range: { min: 0, max: 100 },
  } as const satisfies MeasurementDefinition;
}

const PACING: MeasurementDefinition[] = [
  percentage('MDC_IDC_STAT_BRADY_RA_PERCENT_PACED', 'RA paced', '% RA paced', 'pacing'),
  percentage('MDC_IDC_STAT_BRADY_RV_PERCENT_PACED', 'RV paced', '% RV paced', 'pacing'),
  percentage('MDC_IDC_STAT_CRT_LV_PERCENT_PACED', 'LV / BiV paced', '% BiV paced', 'pacing'),
];

const ARRHYTHMIA: MeasurementDefinition[] = [
  percentage('MDC_IDC_STAT_ATAF_BURDEN_PERCENT', 'AT/AF burden', 'AT/AF burden', 'arrhythmia'),
];

const EPISODE_LABELS: Record<EpisodeKind, string> = {
  VT: 'VT',
  VF: 'VF',
  VTNS: 'VT-NS',
  SVT: 'SVT',
  ATAF: 'AT/AF',
  Pause: 'Pause',
  Brady: 'Brady',
  PatientActivated: 'Patient-activated',
};

export function episodeCountKey(kind: EpisodeKind): string {
  return `${EPISODE_COUNT_TERM}.${kind}`;
}

const EPISODES: MeasurementDefinition[] = (Object.keys(EPISODE_KINDS) as EpisodeKind[]).map((kind) => ({
  key: episodeCountKey(kind),
  label: `${EPISODE_LABELS[kind]} episodes`,
  shortLabel: `${EPISODE_LABELS[kind]} episodes`,
  group: 'episodes',
  kind: 'number',
  unit: 'episodes',
  decimals: 0,
  range: { min: 0, max: 100_000 },
}));

const THERAPY: MeasurementDefinition[] = [
  {
    key: 'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
    label: 'ATP delivered',
    shortLabel: 'ATP',
    group: 'therapy',
    kind: 'number',
    unit: 'therapies',
    decimals: 0,
    range: { min: 0, max: 100_000 },
  },
  {
    key: 'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
    label: 'Shocks delivered',
    shortLabel: 'Shocks',
    group: 'therapy',
    kind: 'number',
    unit: 'shocks',
    decimals: 0,
    range: { min: 0, max: 10_000 },
  },
];

/** Every measurement the portal records, in the order reports list them. */
export const MEASUREMENTS: readonly MeasurementDefinition[] = [
  ...BATTERY,
  ...leadChannel('RA'),
  ...leadChannel('RV'),
  ...leadChannel('LV'),
  ...HV,
  ...PACING,
  ...ARRHYTHMIA,
  ...EPISODES,
  ...THERAPY,
];
export const MEASUREMENT_KEYS = MEASUREMENTS.map((measurement) => measurement.key);

const BY_KEY = new Map(MEASUREMENTS.map((measurement) => [measurement.key, measurement]));

export function findMeasurement(key: string): MeasurementDefinition | undefined {
  return BY_KEY.get(key);
}

export function isMeasurementKey(key: string): boolean {
  return BY_KEY.has(key);
}

/** A value outside the physical range, or not one of a status's values: the message names why. */
export function checkMeasurementValue(key: string, value: number | string): string | undefined {
  const definition = BY_KEY.get(key);
  if (!definition) return 'is not a known measurement';
  if (definition.kind === 'status') {
    return typeof value === 'string' && definition.values.includes(value)
      ? undefined
      : `must be one of ${definition.values.join(', ')}`;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  const { min, max } = definition.range;
  return value < min || value > max ? `must be between ${min} and ${max} ${definition.unit}` : undefined;
}

// The device types that have device sessions: a CRT-P counts as a PM, a CRT-D or S-ICD as an ICD.
export const SESSION_DEVICE_TYPES = ['PM', 'ICD', 'ILR'] as const satisfies readonly DeviceType[];
export type SessionDeviceType = (typeof SESSION_DEVICE_TYPES)[number];

/**
 * The session device type of a patient's device type as recorded (deviceInfo.deviceType): a CRT-P is a PM,
 * a CRT-D or S-ICD an ICD; null for a device without sessions (WCD, ABPM…) or none.
 */
export function sessionDeviceTypeOf(deviceType: string | null | undefined): SessionDeviceType | null {
  const normalised = (deviceType ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, '-');
  if (normalised === 'PM' || normalised === 'CRT-P' || normalised === 'PACEMAKER') return 'PM';
  if (normalised === 'ICD' || normalised === 'CRT-D' || normalised === 'S-ICD') return 'ICD';
  if (normalised === 'ILR' || normalised === 'ICM') return 'ILR';
  return null;
}

const lead = (chamber: LeadChamber) => leadChannel(chamber).map((measurement) => measurement.key);

const ILR_FIELDS = [
  'MDC_IDC_MSMT_BATTERY_STATUS',
  'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
  'MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL',
  'MDC_IDC_STAT_ATAF_BURDEN_PERCENT',
  ...(Object.keys(EPISODE_KINDS) as EpisodeKind[]).map(episodeCountKey),
];
const BATTERY_FIELDS = [
  'MDC_IDC_MSMT_BATTERY_STATUS',
  'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
];
const ICD_FIELDS = [
  'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
  'MDC_IDC_MSMT_CAP_CHARGE_TIME',
  episodeCountKey('VT'),
  episodeCountKey('VF'),
  'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
  'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
];
const PACER_EPISODES = [episodeCountKey('ATAF'), episodeCountKey('SVT'), 'MDC_IDC_STAT_ATAF_BURDEN_PERCENT'];

/**
 * The measurement fields the in-person device check shows per lead configuration (SPEC §3: No Leads → ilr,
 * Single → singleLead, Dual → dualLead, BiV → biValve); an ICD adds its HV impedance, charge time, VT/VF
 * episodes and therapies. (The R-wave of an ILR is its RV sensing channel.)
 */
export function listDeviceCheckFields(
  configuration: LeadConfigurationKey,
  deviceType: SessionDeviceType,
): string[] {
  if (configuration === 'ilr') return ILR_FIELDS;
  const chambers: LeadChamber[] =
    configuration === 'singleLead'
      ? ['RV']
      : configuration === 'dualLead'
        ? ['RA', 'RV']
        : ['RA', 'RV', 'LV'];
  const paced = chambers.map((chamber) =>
    chamber === 'LV' ? 'MDC_IDC_STAT_CRT_LV_PERCENT_PACED' : `MDC_IDC_STAT_BRADY_${chamber}_PERCENT_PACED`,
  );
  return [
    ...BATTERY_FIELDS,
    ...chambers.flatMap(lead),
    ...paced,
    ...(configuration === 'singleLead' ? [] : PACER_EPISODES),
    ...(deviceType === 'ICD' ? ICD_FIELDS : []),
  ];
}

/** The measurements shown by default per device type, in order: the longitudinal view's starting set. */
export const DEFAULT_LONGITUDINAL_MEASUREMENTS: Record<SessionDeviceType, string[]> = {
  PM: [
    'MDC_IDC_MSMT_BATTERY_VOLTAGE',
    'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
    'MDC_IDC_MSMT_BATTERY_STATUS',
    ...lead('RA'),
    ...lead('RV'),
    ...lead('LV'),
    'MDC_IDC_STAT_BRADY_RA_PERCENT_PACED',
    'MDC_IDC_STAT_BRADY_RV_PERCENT_PACED',
    'MDC_IDC_STAT_CRT_LV_PERCENT_PACED',
    'MDC_IDC_STAT_ATAF_BURDEN_PERCENT',
    episodeCountKey('ATAF'),
  ],
  ICD: [
    'MDC_IDC_MSMT_BATTERY_VOLTAGE',
    'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
    'MDC_IDC_MSMT_BATTERY_STATUS',
    'MDC_IDC_MSMT_CAP_CHARGE_TIME',
    ...lead('RA'),
    ...lead('RV'),
    ...lead('LV'),
    'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
    'MDC_IDC_STAT_BRADY_RV_PERCENT_PACED',
    'MDC_IDC_STAT_CRT_LV_PERCENT_PACED',
    'MDC_IDC_STAT_ATAF_BURDEN_PERCENT',
    episodeCountKey('VT'),
    episodeCountKey('VF'),
    'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
    'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
  ],
  ILR: ILR_FIELDS,
};

/** Where a measured value came from (issue 14 provenance). */
export const MEASUREMENT_SOURCES = ['device-import', 'in-person-form', 'pdf-scrape', 'manual'] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];

/** A device session: a remote transmission or an in-person check. */
export const SESSION_KINDS = ['remote', 'in-person'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * The fields an in-person device check cannot be submitted without: the battery status and, for each lead,
 * its sensing, threshold and impedance (an ILR's R-wave is its RV sensing); an ICD adds its HV impedance.
 */
export function listRequiredDeviceCheckFields(
  configuration: LeadConfigurationKey,
  deviceType: SessionDeviceType,
): string[] {
  if (configuration === 'ilr') {
    return ['MDC_IDC_MSMT_BATTERY_STATUS', 'MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL'];
  }
  const chambers: LeadChamber[] =
    configuration === 'singleLead'
      ? ['RV']
      : configuration === 'dualLead'
        ? ['RA', 'RV']
        : ['RA', 'RV', 'LV'];
  return [
    'MDC_IDC_MSMT_BATTERY_STATUS',
    ...chambers.flatMap((chamber) => [
      `MDC_IDC_MSMT_LEADCHNL_${chamber}_SENSING_INTR_AMPL`,
      `MDC_IDC_MSMT_LEADCHNL_${chamber}_PACING_THRESHOLD_AMPLITUDE`,
      `MDC_IDC_MSMT_LEADCHNL_${chamber}_IMPEDANCE_VALUE`,
    ]),
    ...(deviceType === 'ICD' ? ['MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE'] : []),
  ];
}

export type DeviceCheckProblem = {
  field: string;
  message: string;
  /** 'shape': a field the configuration does not have or one it needs (400); 'value': out of range (422). */
  kind: 'shape' | 'value';
};

/**
 * What is wrong with a device check's measurements for its configuration, each naming
 * `measurements.<key>`: a key the configuration does not show, a required one missing (unless `partial`,
 * for an edit that changes some values), or a value outside its physical range.
 */
export function checkDeviceCheckMeasurements(
  configuration: LeadConfigurationKey,
  deviceType: SessionDeviceType,
  measurements: Readonly<Record<string, number | string>>,
  { partial = false }: { partial?: boolean } = {},
): DeviceCheckProblem[] {
  const fields = new Set(listDeviceCheckFields(configuration, deviceType));
  const problems: DeviceCheckProblem[] = [];
  for (const [key, value] of Object.entries(measurements)) {
    if (!fields.has(key)) {
      problems.push({
        field: `measurements.${key}`,
        message: `is not a field of this lead configuration (${configuration}, ${deviceType})`,
        kind: 'shape',
      });
      continue;
    }
    const message = checkMeasurementValue(key, value);
    if (message) problems.push({ field: `measurements.${key}`, message, kind: 'value' });
  }
  if (!partial) {
    for (const key of listRequiredDeviceCheckFields(configuration, deviceType)) {
      if (!Object.hasOwn(measurements, key)) {
        problems.push({ field: `measurements.${key}`, message: 'is required', kind: 'shape' });
      }
    }
  }
  return problems;
}
