// The portal's one vocabulary for device measurements (issue 14): the IEEE 11073-10103 (IDCO) nomenclature.
// A measurement's key is its IDCO term name; the counts of episodes, which IDCO keys by an episode-type
// dimension (MDC_IDC_STAT_EPISODE_TYPE in the same OBX sub-ID group), are `<term>.<kind>`.

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
/** Episodes since implant (or the last clear), keyed by kind like the recent counts. */
export const EPISODE_TOTAL_TERM = 'MDC_IDC_STAT_EPISODE_TOTAL_COUNT';

/** What the IEEE 11073-10103 nomenclature says of a term: its numeric code, UCUM unit and other names read. */
type IdcoTermFacts = {
  /** The numeric MDC code (OBX-3.1), when published IDCO material confirms it. */
  ieeeCode?: number;
  /** The unit in UCUM as IDCO messages send it in OBX-6 ('Ohm', '{beats}/min'); none for a status. */
  ucum?: string;
  /** Other names senders use for the same term (IDCO 1.0 names, misspellings seen in real messages). */
  aliases?: readonly string[];
};

type NumericDefinition = IdcoTermFacts & {
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
  /**
   * The usual range: a value typed into the in-person form outside it is refused (422, a typing slip); a
   * device-reported one outside it is stored and flagged for review ('out-of-usual-range').
   */
  range: { min: number; max: number };
  /** What is physically possible (a negative impedance is not): an imported value outside is refused. */
  limits: { min: number; max: number };
  chamber?: LeadChamber;
};
type StatusDefinition = IdcoTermFacts & {
  key: string;
  label: string;
  shortLabel: string;
  group: MeasurementGroup;
  kind: 'status';
  values: readonly string[];
  /** A lead channel's status: the chamber of its lead. */
  chamber?: LeadChamber;
};
/** A lead's identity as the device reports it (its model, serial, manufacturer, implant date): text. */
type TextDefinition = IdcoTermFacts & {
  key: string;
  label: string;
  shortLabel: string;
  group: MeasurementGroup;
  kind: 'text';
  /** The longest value kept. */
  maxLength: number;
  chamber?: LeadChamber;
};
export type MeasurementDefinition = NumericDefinition | StatusDefinition | TextDefinition;

// Codes and UCUM units below are those of the IHE PCD IDCO example message (the iCARDEA project's
// fullMessageOriginal.txt) and the HL7 CIED implementation guide's value sets; see the corpus README.
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
    // Some ICD batteries are two cells in series (about 6 V): unusual here, not impossible.
    limits: { min: 0, max: 12 },
    ieeeCode: 721344,
    ucum: 'V',
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
    limits: { min: 0, max: 600 },
    ieeeCode: 721472,
    ucum: 'mo',
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
    limits: { min: 0, max: 100 },
    ieeeCode: 721536,
    ucum: '%',
  },
  {
    key: 'MDC_IDC_MSMT_BATTERY_STATUS',
    label: 'Battery status',
    shortLabel: 'Battery',
    group: 'battery',
    kind: 'status',
    values: BATTERY_STATUSES,
    ieeeCode: 721280,
  },
  {
    key: 'MDC_IDC_MSMT_BATTERY_IMPEDANCE',
    label: 'Battery impedance',
    shortLabel: 'Battery Ω',
    group: 'battery',
    kind: 'number',
    unit: 'Ω',
    decimals: 0,
    range: { min: 0, max: 20_000 },
    limits: { min: 0, max: 1_000_000 },
    ieeeCode: 721408,
    ucum: 'Ohm',
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
    limits: { min: 0, max: 600 },
    ieeeCode: 721728,
    ucum: 's',
  },
  {
    key: 'MDC_IDC_MSMT_CAP_CHARGE_ENERGY',
    label: 'Capacitor charge energy',
    shortLabel: 'Charge energy',
    group: 'battery',
    kind: 'number',
    unit: 'J',
    decimals: 0,
    range: { min: 0, max: 45 },
    limits: { min: 0, max: 200 },
    ieeeCode: 721792,
    ucum: 'J',
  },
];

/** IDCO's lead channel status (MDC_IDC_ENUM_LEAD_CHNL_STATUS_*): 'Null' means not measured. */
export const LEAD_CHANNEL_STATUSES = ['OK', 'CheckLead'] as const;
export type LeadChannelStatus = (typeof LEAD_CHANNEL_STATUSES)[number];

/** IDCO numbers each lead channel's terms from the RA code: RA +0, RV +1, LV +3 (sensing in steps of 4). */
const CHAMBER_OFFSET: Record<LeadChamber, number> = { RA: 0, RV: 1, LV: 3 };

function leadChannel(chamber: LeadChamber): MeasurementDefinition[] {
  const term = `MDC_IDC_MSMT_LEADCHNL_${chamber}`;
  const offset = CHAMBER_OFFSET[chamber];
  const sensing = (suffix: '' | '_MEAN' | '_MIN' | '_MAX', step: number, words: string) =>
    ({
      key: `${term}_SENSING_INTR_AMPL${suffix}`,
      // 'RA sensing (mean)': short enough for the device check's half-width field beside its unit.
      label: suffix ? `${chamber} sensing${words}` : `${chamber} sensing amplitude`,
      shortLabel: `${chamber} sensing${words}`,
      group: 'lead',
      kind: 'number',
      unit: 'mV',
      decimals: 1,
      range: { min: 0, max: 30 },
      limits: { min: 0, max: 100 },
      chamber,
      ieeeCode: 722048 + offset * 4 + step,
      ucum: 'mV',
    }) as const satisfies MeasurementDefinition;
  return [
    sensing('', 0, ''),
    {
      key: `${term}_PACING_THRESHOLD_AMPLITUDE`,
      label: `${chamber} pacing threshold`,
      shortLabel: `${chamber} threshold`,
      group: 'lead',
      kind: 'number',
      unit: 'V',
      decimals: 2,
      range: { min: 0, max: 10 },
      limits: { min: 0, max: 25 },
      chamber,
      ieeeCode: 722176 + offset,
      ucum: 'V',
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
      limits: { min: 0, max: 20 },
      chamber,
      ieeeCode: 722240 + offset,
      ucum: 'ms',
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
      // A fractured lead reads very high, a short very low: exactly what the clinic must see.
      limits: { min: 0, max: 100_000 },
      chamber,
      ieeeCode: 722432 + offset,
      ucum: 'Ohm',
    },
    sensing('_MEAN', 3, ' (mean)'),
    sensing('_MIN', 2, ' (min)'),
    sensing('_MAX', 1, ' (max)'),
    {
      key: `${term}_LEAD_CHANNEL_STATUS`,
      label: `${chamber} lead status`,
      shortLabel: `${chamber} lead`,
      group: 'lead',
      kind: 'status',
      values: LEAD_CHANNEL_STATUSES,
      chamber,
      ieeeCode: 721984 + offset,
    },
  ];
}

/**
 * The IDCO lead terms (MDC_IDC_LEAD_*, 720961–720966): each lead's are given in one OBX-4 sub-ID, with its
 * MDC_IDC_LEAD_LOCATION (RA, RV, LV) naming the chamber. They are kept per chamber: `<term>.<chamber>`.
 */
export const LEAD_IDENTITY_TERMS = {
  MDC_IDC_LEAD_MODEL: { ieeeCode: 720961, label: 'lead model', shortLabel: 'lead model' },
  MDC_IDC_LEAD_SERIAL: { ieeeCode: 720962, label: 'lead serial number', shortLabel: 'lead serial' },
  MDC_IDC_LEAD_MFG: { ieeeCode: 720963, label: 'lead manufacturer', shortLabel: 'lead maker' },
  MDC_IDC_LEAD_IMPLANT_DT: { ieeeCode: 720964, label: 'lead implant date', shortLabel: 'lead implanted' },
} as const;
export type LeadIdentityTerm = keyof typeof LEAD_IDENTITY_TERMS;
/** Where a lead is (its sub-ID's MDC_IDC_LEAD_LOCATION): which chamber its identity is kept under. */
export const LEAD_LOCATION_TERM = 'MDC_IDC_LEAD_LOCATION';
export const LEAD_LOCATION_CODE = 720966;

export function leadIdentityKey(term: LeadIdentityTerm, chamber: LeadChamber): string {
  return `${term}.${chamber}`;
}

const LEAD_IDENTITY: MeasurementDefinition[] = LEAD_CHAMBERS.flatMap((chamber) =>
  (Object.keys(LEAD_IDENTITY_TERMS) as LeadIdentityTerm[]).map(
    (term): MeasurementDefinition => ({
      key: leadIdentityKey(term, chamber),
      label: `${chamber} ${LEAD_IDENTITY_TERMS[term].label}`,
      shortLabel: `${chamber} ${LEAD_IDENTITY_TERMS[term].shortLabel}`,
      group: 'lead',
      kind: 'text',
      maxLength: 100,
      chamber,
      ieeeCode: LEAD_IDENTITY_TERMS[term].ieeeCode,
    }),
  ),
);

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
    limits: { min: 0, max: 100_000 },
    ieeeCode: 722624,
    ucum: 'Ohm',
  },
  {
    key: 'MDC_IDC_MSMT_LEADHVCHNL_STATUS',
    label: 'HV lead status',
    shortLabel: 'HV lead',
    group: 'hv',
    kind: 'status',
    values: LEAD_CHANNEL_STATUSES,
    ieeeCode: 722752,
  },
];

function percentage(
  key: string,
  label: string,
  shortLabel: string,
  group: MeasurementGroup,
  facts: IdcoTermFacts = {},
) {
  return {
    key,
    label,
    shortLabel,
    group,
    kind: 'number',
    unit: '%',
    decimals: 1,
    range: { min: 0, max: 100 },
    limits: { min: 0, max: 100 },
    ucum: '%',
    ...facts,
  } as const satisfies MeasurementDefinition;
}

function count(key: string, label: string, shortLabel: string, group: MeasurementGroup, unit: string) {
  return {
    key,
    label,
    shortLabel,
    group,
    kind: 'number',
    unit,
    decimals: 0,
    range: { min: 0, max: 100_000 },
    limits: { min: 0, max: 10_000_000 },
  } as const satisfies MeasurementDefinition;
}

function heartRate(key: string, label: string, shortLabel: string, ieeeCode: number) {
  return {
    key,
    label,
    shortLabel,
    group: 'pacing',
    kind: 'number',
    unit: 'bpm',
    decimals: 0,
    range: { min: 20, max: 300 },
    limits: { min: 0, max: 1000 },
    ieeeCode,
    ucum: '{beats}/min',
  } as const satisfies MeasurementDefinition;
}

const PACING: MeasurementDefinition[] = [
  percentage('MDC_IDC_STAT_BRADY_RA_PERCENT_PACED', 'RA paced', '% RA paced', 'pacing', {
    ieeeCode: 737520,
  }),
  percentage('MDC_IDC_STAT_BRADY_RV_PERCENT_PACED', 'RV paced', '% RV paced', 'pacing', {
    ieeeCode: 737536,
  }),
  percentage('MDC_IDC_STAT_CRT_LV_PERCENT_PACED', 'LV paced', '% LV paced', 'pacing', {
    ieeeCode: 737792,
  }),
  percentage('MDC_IDC_STAT_CRT_PERCENT_PACED', 'CRT (BiV) paced', '% CRT paced', 'pacing', {
    ieeeCode: 737808,
  }),
  percentage('MDC_IDC_STAT_BRADY_AP_VP_PERCENT', 'AP-VP', '% AP-VP', 'pacing', { ieeeCode: 737552 }),
  percentage('MDC_IDC_STAT_BRADY_AS_VP_PERCENT', 'AS-VP', '% AS-VP', 'pacing', { ieeeCode: 737568 }),
  percentage('MDC_IDC_STAT_BRADY_AP_VS_PERCENT', 'AP-VS', '% AP-VS', 'pacing', { ieeeCode: 737584 }),
  percentage('MDC_IDC_STAT_BRADY_AS_VS_PERCENT', 'AS-VS', '% AS-VS', 'pacing', { ieeeCode: 737600 }),
  heartRate('MDC_IDC_STAT_HEART_RATE_ATRIAL_MEAN', 'Atrial rate (mean)', 'A rate mean', 737635),
  heartRate('MDC_IDC_STAT_HEART_RATE_ATRIAL_MIN', 'Atrial rate (min)', 'A rate min', 737634),
  heartRate('MDC_IDC_STAT_HEART_RATE_ATRIAL_MAX', 'Atrial rate (max)', 'A rate max', 737633),
  heartRate('MDC_IDC_STAT_HEART_RATE_VENTRICULAR_MEAN', 'Ventricular rate (mean)', 'V rate mean', 737651),
  heartRate('MDC_IDC_STAT_HEART_RATE_VENTRICULAR_MIN', 'Ventricular rate (min)', 'V rate min', 737650),
  heartRate('MDC_IDC_STAT_HEART_RATE_VENTRICULAR_MAX', 'Ventricular rate (max)', 'V rate max', 737649),
];

/** The AT/AF burden (%), under its IEEE 11073-10103 name. */
export const AT_BURDEN_KEY = 'MDC_IDC_STAT_AT_BURDEN_PERCENT';
/** The name the portal stored the AT/AF burden under before issue 28: still read from senders. */
export const LEGACY_AT_BURDEN_KEY = 'MDC_IDC_STAT_ATAF_BURDEN_PERCENT';

const ARRHYTHMIA: MeasurementDefinition[] = [
  // IDCO's own name (737696), what real messages send. The portal stored it as ATAF_BURDEN_PERCENT until
  // issue 28 (migration 0028 renamed the stored values); a sender using that older name is still read.
  percentage(AT_BURDEN_KEY, 'AT/AF burden', 'AT/AF burden', 'arrhythmia', {
    ieeeCode: 737696,
    aliases: [LEGACY_AT_BURDEN_KEY],
  }),
  percentage('MDC_IDC_STAT_AT_MODE_SW_PERCENT_TIME', 'Time in mode switch', '% mode switch', 'arrhythmia', {
    ieeeCode: 737712,
  }),
  {
    ...count('MDC_IDC_STAT_AT_MODE_SW_COUNT', 'Mode switches', 'Mode switches', 'arrhythmia', 'switches'),
    ieeeCode: 737744,
    ucum: '{switches}',
  },
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

export function episodeTotalKey(kind: EpisodeKind): string {
  return `${EPISODE_TOTAL_TERM}.${kind}`;
}

const EPISODES: MeasurementDefinition[] = (Object.keys(EPISODE_KINDS) as EpisodeKind[]).flatMap((kind) => [
  {
    ...count(
      episodeCountKey(kind),
      `${EPISODE_LABELS[kind]} episodes`,
      `${EPISODE_LABELS[kind]} episodes`,
      'episodes',
      'episodes',
    ),
    ieeeCode: 738000,
  },
  {
    ...count(
      episodeTotalKey(kind),
      `${EPISODE_LABELS[kind]} episodes (total)`,
      `${EPISODE_LABELS[kind]} total`,
      'episodes',
      'episodes',
    ),
    ieeeCode: 738032,
  },
]);

const THERAPY: MeasurementDefinition[] = [
  {
    ...count(
      'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
      'ATP delivered',
      'ATP',
      'therapy',
      'therapies',
    ),
    ieeeCode: 737888,
    ucum: '{seq}',
  },
  {
    ...count(
      'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_TOTAL',
      'ATP delivered (total)',
      'ATP total',
      'therapy',
      'therapies',
    ),
    ieeeCode: 737904,
    ucum: '{seq}',
    // The IHE example message spells it without the T.
    aliases: ['MDC_IDC_STAT_TACHYHERAPY_ATP_DELIVERED_TOTAL'],
  },
  {
    ...count(
      'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
      'Shocks delivered',
      'Shocks',
      'therapy',
      'shocks',
    ),
    limits: { min: 0, max: 1_000_000 },
    range: { min: 0, max: 10_000 },
    ieeeCode: 737824,
    ucum: '{shocks}',
  },
  {
    ...count(
      'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_TOTAL',
      'Shocks delivered (total)',
      'Shocks total',
      'therapy',
      'shocks',
    ),
    ieeeCode: 737840,
    ucum: '{shocks}',
  },
  {
    ...count(
      'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_ABORTED_RECENT',
      'Shocks aborted',
      'Aborted shocks',
      'therapy',
      'shocks',
    ),
    ieeeCode: 737856,
    ucum: '{shocks}',
  },
  {
    ...count(
      'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_ABORTED_TOTAL',
      'Shocks aborted (total)',
      'Aborted total',
      'therapy',
      'shocks',
    ),
    ieeeCode: 737872,
    ucum: '{shocks}',
  },
];

/** Every measurement the portal records, in the order reports list them. */
export const MEASUREMENTS: readonly MeasurementDefinition[] = [
  ...BATTERY,
  ...leadChannel('RA'),
  ...leadChannel('RV'),
  ...leadChannel('LV'),
  ...LEAD_IDENTITY,
  ...HV,
  ...PACING,
  ...ARRHYTHMIA,
  ...EPISODES,
  ...THERAPY,
];
export const MEASUREMENT_KEYS = MEASUREMENTS.map((measurement) => measurement.key);

const BY_KEY = new Map(MEASUREMENTS.map((measurement) => [measurement.key, measurement]));
const BY_ALIAS = new Map(
  MEASUREMENTS.flatMap((measurement) => (measurement.aliases ?? []).map((alias) => [alias, measurement])),
);

export function findMeasurement(key: string): MeasurementDefinition | undefined {
  return BY_KEY.get(key);
}

/** A term as a sender names it: the portal's key, or one of its aliases (IDCO's own name, a misspelling). */
export function findMeasurementByTerm(term: string): MeasurementDefinition | undefined {
  return BY_KEY.get(term) ?? BY_ALIAS.get(term);
}

/** A value outside what a device can physically report (a negative impedance, a percentage over 100). */
export function checkMeasurementLimits(key: string, value: number): string | undefined {
  const definition = BY_KEY.get(key);
  if (definition?.kind !== 'number') return undefined;
  const { min, max } = definition.limits;
  return value < min || value > max
    ? `is physically impossible (${value} ${definition.unit}; possible: ${min} to ${max})`
    : undefined;
}

/** A device-reported value: a status must be one of its values, a number within the physical limits. */
export function checkImportedMeasurementValue(key: string, value: number | string): string | undefined {
  const definition = BY_KEY.get(key);
  if (!definition) return 'is not a known measurement';
  if (definition.kind !== 'number') return checkMeasurementValue(key, value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  return checkMeasurementLimits(key, value);
}

/** Whether a number lies outside its measurement's usual range: stored, and flagged for review. */
export function isOutsideUsualRange(key: string, value: number | string): boolean {
  const definition = BY_KEY.get(key);
  if (definition?.kind !== 'number' || typeof value !== 'number') return false;
  return value < definition.range.min || value > definition.range.max;
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
  if (definition.kind === 'text') {
    return typeof value === 'string' && value.trim() !== '' && value.length <= definition.maxLength
      ? undefined
      : `must be a text of 1 to ${definition.maxLength} characters`;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  const { min, max } = definition.range;
  return value < min || value > max ? `must be between ${min} and ${max} ${definition.unit}` : undefined;
}

// The device types that have device sessions: a CRT-P counts as a PM, a CRT-D or S-ICD as an ICD. `Other`
// is a session whose sender named no device type the portal knows (IDCO's MDC_IDC_ENUM_DEV_TYPE_Other, an
// unknown code, none at all): stored as such, never guessed from its values (issue 28 §2).
export const SESSION_DEVICE_TYPES = ['PM', 'ICD', 'ILR', 'Other'] as const;
export type SessionDeviceType = (typeof SESSION_DEVICE_TYPES)[number];

/** How a session device type is named to a clinician. */
export const SESSION_DEVICE_TYPE_LABELS: Record<SessionDeviceType, string> = {
  PM: 'Pacemaker',
  ICD: 'ICD',
  ILR: 'Loop recorder',
  Other: 'Other',
};

/**
 * The session device type of a patient's device type as recorded (deviceInfo.deviceType): a CRT-P is a PM,
 * a CRT-D or S-ICD an ICD, `Other` itself (a stored session's type); null for a device without sessions
 * (WCD, ABPM…) or none.
 */
export function sessionDeviceTypeOf(deviceType: string | null | undefined): SessionDeviceType | null {
  const normalised = (deviceType ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, '-');
  if (normalised === 'PM' || normalised === 'CRT-P' || normalised === 'PACEMAKER') return 'PM';
  if (normalised === 'ICD' || normalised === 'CRT-D' || normalised === 'S-ICD') return 'ICD';
  if (normalised === 'ILR' || normalised === 'ICM') return 'ILR';
  if (normalised === 'OTHER') return 'Other';
  return null;
}

/** A lead's four core measurements: what the in-person form asks for and the trends show first. */
const lead = (chamber: LeadChamber) =>
  ['SENSING_INTR_AMPL', 'PACING_THRESHOLD_AMPLITUDE', 'PACING_THRESHOLD_PULSEWIDTH', 'IMPEDANCE_VALUE'].map(
    (suffix) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_${suffix}`,
  );
/** A lead in the trends: its core measurements, then its status (the device's own lead check). */
const leadTrend = (chamber: LeadChamber) => [
  ...lead(chamber),
  `MDC_IDC_MSMT_LEADCHNL_${chamber}_LEAD_CHANNEL_STATUS`,
  ...(Object.keys(LEAD_IDENTITY_TERMS) as LeadIdentityTerm[]).map((term) => leadIdentityKey(term, chamber)),
];

const ILR_FIELDS = [
  'MDC_IDC_MSMT_BATTERY_STATUS',
  'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
  'MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL',
  AT_BURDEN_KEY,
  ...(Object.keys(EPISODE_KINDS) as EpisodeKind[]).map(episodeCountKey),
];
const BATTERY_FIELDS = [
  'MDC_IDC_MSMT_BATTERY_STATUS',
  'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
];
const ICD_FIELDS = [
  'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
  'MDC_IDC_MSMT_LEADHVCHNL_STATUS',
  'MDC_IDC_MSMT_CAP_CHARGE_TIME',
  episodeCountKey('VT'),
  episodeCountKey('VF'),
  'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
  'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
];
const PACER_EPISODES = [episodeCountKey('ATAF'), episodeCountKey('SVT'), AT_BURDEN_KEY];

/**
 * A lead on the device check (issue 28 §3): its sensing with the device's mean, min and max beside it, its
 * threshold and impedance, then the device's own lead channel status.
 */
const leadCheck = (chamber: LeadChamber) => {
  const term = `MDC_IDC_MSMT_LEADCHNL_${chamber}`;
  return [
    `${term}_SENSING_INTR_AMPL`,
    `${term}_SENSING_INTR_AMPL_MEAN`,
    `${term}_SENSING_INTR_AMPL_MIN`,
    `${term}_SENSING_INTR_AMPL_MAX`,
    `${term}_PACING_THRESHOLD_AMPLITUDE`,
    `${term}_PACING_THRESHOLD_PULSEWIDTH`,
    `${term}_IMPEDANCE_VALUE`,
    `${term}_LEAD_CHANNEL_STATUS`,
  ];
};

/**
 * The measurement fields the in-person device check shows per lead configuration (SPEC §3: No Leads → ilr,
 * Single → singleLead, Dual → dualLead, BiV → biValve); an ICD adds its HV impedance and status, charge
 * time, VT/VF episodes and therapies. A BiV's CRT % paced sits beside its LV % paced. (The R-wave of an
 * ILR is its RV sensing channel.) An `Other` device (its type unknown) gets what a pacemaker would.
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
  const paced = chambers.flatMap((chamber) =>
    chamber === 'LV'
      ? ['MDC_IDC_STAT_CRT_LV_PERCENT_PACED', 'MDC_IDC_STAT_CRT_PERCENT_PACED']
      : [`MDC_IDC_STAT_BRADY_${chamber}_PERCENT_PACED`],
  );
  return [
    ...BATTERY_FIELDS,
    ...chambers.flatMap(leadCheck),
    ...paced,
    ...(configuration === 'singleLead' ? [] : PACER_EPISODES),
    ...(deviceType === 'ICD' ? ICD_FIELDS : []),
  ];
}

const PM_TRENDS = [
  'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
  'MDC_IDC_MSMT_BATTERY_STATUS',
  ...leadTrend('RA'),
  ...leadTrend('RV'),
  ...leadTrend('LV'),
  'MDC_IDC_STAT_BRADY_RA_PERCENT_PACED',
  'MDC_IDC_STAT_BRADY_RV_PERCENT_PACED',
  'MDC_IDC_STAT_CRT_LV_PERCENT_PACED',
  'MDC_IDC_STAT_CRT_PERCENT_PACED',
  AT_BURDEN_KEY,
  episodeCountKey('ATAF'),
];
const ICD_TRENDS = [
  'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
  'MDC_IDC_MSMT_BATTERY_STATUS',
  'MDC_IDC_MSMT_CAP_CHARGE_TIME',
  ...leadTrend('RA'),
  ...leadTrend('RV'),
  ...leadTrend('LV'),
  'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
  'MDC_IDC_MSMT_LEADHVCHNL_STATUS',
  'MDC_IDC_STAT_BRADY_RV_PERCENT_PACED',
  'MDC_IDC_STAT_CRT_LV_PERCENT_PACED',
  'MDC_IDC_STAT_CRT_PERCENT_PACED',
  AT_BURDEN_KEY,
  episodeCountKey('VT'),
  episodeCountKey('VF'),
  'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
  'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
];

/** The measurements shown by default per device type, in order: the longitudinal view's starting set. */
export const DEFAULT_LONGITUDINAL_MEASUREMENTS: Record<SessionDeviceType, string[]> = {
  PM: PM_TRENDS,
  ICD: ICD_TRENDS,
  ILR: ILR_FIELDS,
  // A session of unknown type: whatever a pacemaker, an ICD or a loop recorder would show (the trends
  // leave out what it did not report).
  Other: [...new Set([...ICD_TRENDS, ...PM_TRENDS, ...ILR_FIELDS])],
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
