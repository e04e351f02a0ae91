// What PDF scraping (issue 15 §2) recognises in an interrogation report: the terms vendors print for each
// measurement, the chamber names, the spellings of units and battery statuses, and the IDCO key each
// measurement lands on. Plain data (no functions), so the server hands it to its parsing worker as is.
//
// Terms are written lower case as printed; the engine reads a report's text into the same tokens (a number
// and its unit apart: '456Ω' → '456', 'Ω'; parentheses and colons are skipped), so 'HV (shock) impedance'
// matches the term 'hv shock impedance'.

import { AT_BURDEN_KEY, findMeasurement, type LeadChamber, MEASUREMENTS } from './measurements';
import type { PrintoutIdentityField } from './printout-identity';

/** The units a scraped value is read in, after normalising the printed spelling. */
export const SCRAPE_UNITS = ['V', 'mV', 'ms', 'Ω', '%', 'months', 's', 'count'] as const;
export type ScrapeUnit = (typeof SCRAPE_UNITS)[number];

/**
 * Printed unit spellings (lower case) → the unit and the factor to it: 'ohms' → Ω, 'years' → months ×12.
 * A bare 's' or 'y' counts only right after a number (the engine reads units only there).
 */
export const SCRAPE_UNIT_SPELLINGS: Readonly<Record<string, { unit: ScrapeUnit; factor: number }>> = {
  v: { unit: 'V', factor: 1 },
  volt: { unit: 'V', factor: 1 },
  volts: { unit: 'V', factor: 1 },
  mv: { unit: 'mV', factor: 1 },
  millivolts: { unit: 'mV', factor: 1 },
  ms: { unit: 'ms', factor: 1 },
  msec: { unit: 'ms', factor: 1 },
  msecs: { unit: 'ms', factor: 1 },
  milliseconds: { unit: 'ms', factor: 1 },
  // Greek capital omega (U+03A9) and the ohm sign (U+2126) both read as this, in lower case.
  ω: { unit: 'Ω', factor: 1 },
  ohm: { unit: 'Ω', factor: 1 },
  ohms: { unit: 'Ω', factor: 1 },
  kohm: { unit: 'Ω', factor: 1000 },
  kohms: { unit: 'Ω', factor: 1000 },
  kω: { unit: 'Ω', factor: 1000 },
  '%': { unit: '%', factor: 1 },
  percent: { unit: '%', factor: 1 },
  months: { unit: 'months', factor: 1 },
  month: { unit: 'months', factor: 1 },
  mo: { unit: 'months', factor: 1 },
  mos: { unit: 'months', factor: 1 },
  mths: { unit: 'months', factor: 1 },
  years: { unit: 'months', factor: 12 },
  year: { unit: 'months', factor: 12 },
  yrs: { unit: 'months', factor: 12 },
  yr: { unit: 'months', factor: 12 },
  y: { unit: 'months', factor: 12 },
  s: { unit: 's', factor: 1 },
  sec: { unit: 's', factor: 1 },
  secs: { unit: 's', factor: 1 },
  seconds: { unit: 's', factor: 1 },
  second: { unit: 's', factor: 1 },
  episodes: { unit: 'count', factor: 1 },
  episode: { unit: 'count', factor: 1 },
  events: { unit: 'count', factor: 1 },
  event: { unit: 'count', factor: 1 },
  shocks: { unit: 'count', factor: 1 },
  shock: { unit: 'count', factor: 1 },
  therapies: { unit: 'count', factor: 1 },
  therapy: { unit: 'count', factor: 1 },
};

/** Printed battery states (lower case) → IDCO's battery status (BOS … EOS). 'OK' says nothing and is not read. */
export const SCRAPE_BATTERY_STATUS_TERMS: Readonly<Record<string, string>> = {
  bos: 'BOS',
  bol: 'BOS',
  'beginning of service': 'BOS',
  'beginning of life': 'BOS',
  mos: 'MOS',
  mol: 'MOS',
  'middle of service': 'MOS',
  'middle of life': 'MOS',
  rrt: 'RRT',
  'recommended replacement time': 'RRT',
  eri: 'ERI',
  'elective replacement indicator': 'ERI',
  'elective replacement': 'ERI',
  eos: 'EOS',
  eol: 'EOS',
  'end of service': 'EOS',
  'end of life': 'EOS',
};

/**
 * Chamber names (lower case). 'V' stands for a ventricle whose side the word does not say ('Ventricular',
 * 'V'): the engine takes it as RV only in a report that names no left ventricle (no LV, BiV or CRT), and
 * otherwise leaves the value out. 'a' and 'v' count only as the first word of a label ('A Sensing').
 */
export const SCRAPE_CHAMBER_TERMS: Readonly<Record<string, LeadChamber | 'V'>> = {
  ra: 'RA',
  atrial: 'RA',
  atrium: 'RA',
  'right atrial': 'RA',
  'right atrium': 'RA',
  a: 'RA',
  rv: 'RV',
  'right ventricular': 'RV',
  'right ventricle': 'RV',
  lv: 'LV',
  'left ventricular': 'LV',
  'left ventricle': 'LV',
  ventricular: 'V',
  ventricle: 'V',
  v: 'V',
};
/** Chamber terms that are only read as the first word of a label, never on their own. */
export const SCRAPE_PREFIX_ONLY_CHAMBER_TERMS: readonly string[] = ['a', 'v'];

/** Words that follow a chamber in a heading or a column header: 'RV Lead', 'Atrial Channel'. */
export const SCRAPE_CHAMBER_HEADING_WORDS: readonly string[] = [
  'lead',
  'leads',
  'chamber',
  'channel',
  'measurements',
  'data',
  'information',
  'parameters',
];

/** Words whose presence in a report means it has a left ventricular lead (so 'Ventricular' is ambiguous). */
export const SCRAPE_LEFT_VENTRICLE_WORDS: readonly string[] = [
  'lv',
  'biv',
  'biventricular',
  'crt',
  'crt-d',
  'crt-p',
  'left',
];

/**
 * A measurement as reports print it, and where its value goes: by the unit the value is read in, an IDCO
 * key, or per chamber (RA/RV/LV) for a lead's value. A printed label can mean several (a 'Battery' row
 * holds a voltage, a longevity, a percentage or a status): the unit decides.
 */
export type ScrapeMeasure = {
  /** True when the value belongs to a lead channel: it is read only with a chamber that is certain. */
  chambered: boolean;
  /** Unit → IDCO key, or per chamber. `status` is a battery state word. */
  keys: Partial<Record<ScrapeUnit | 'status', string | Partial<Record<LeadChamber, string>>>>;
  /** The unit a number printed without one is read in; none: such a number is not read. */
  bareUnit?: ScrapeUnit;
};

const lead = (term: string) => ({
  RA: `MDC_IDC_MSMT_LEADCHNL_RA_${term}`,
  RV: `MDC_IDC_MSMT_LEADCHNL_RV_${term}`,
  LV: `MDC_IDC_MSMT_LEADCHNL_LV_${term}`,
});
const EPISODES = 'MDC_IDC_STAT_EPISODE_RECENT_COUNT';

export const SCRAPE_MEASURES = {
  battery: {
    chambered: false,
    keys: {
      V: 'MDC_IDC_MSMT_BATTERY_VOLTAGE',
      months: 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
      '%': 'MDC_IDC_MSMT_BATTERY_REMAINING_PERCENTAGE',
      status: 'MDC_IDC_MSMT_BATTERY_STATUS',
    },
  },
  batteryVoltage: { chambered: false, keys: { V: 'MDC_IDC_MSMT_BATTERY_VOLTAGE' } },
  longevity: { chambered: false, keys: { months: 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY' } },
  batteryRemaining: { chambered: false, keys: { '%': 'MDC_IDC_MSMT_BATTERY_REMAINING_PERCENTAGE' } },
  batteryStatus: { chambered: false, keys: { status: 'MDC_IDC_MSMT_BATTERY_STATUS' } },
  chargeTime: { chambered: false, keys: { s: 'MDC_IDC_MSMT_CAP_CHARGE_TIME' } },
  sensing: { chambered: true, keys: { mV: lead('SENSING_INTR_AMPL') }, bareUnit: 'mV' },
  threshold: {
    chambered: true,
    keys: { V: lead('PACING_THRESHOLD_AMPLITUDE'), ms: lead('PACING_THRESHOLD_PULSEWIDTH') },
  },
  thresholdPulseWidth: { chambered: true, keys: { ms: lead('PACING_THRESHOLD_PULSEWIDTH') } },
  impedance: { chambered: true, keys: { Ω: lead('IMPEDANCE_VALUE') }, bareUnit: 'Ω' },
  hvImpedance: { chambered: false, keys: { Ω: 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE' }, bareUnit: 'Ω' },
  percentPaced: {
    chambered: true,
    keys: {
      '%': {
        RA: 'MDC_IDC_STAT_BRADY_RA_PERCENT_PACED',
        RV: 'MDC_IDC_STAT_BRADY_RV_PERCENT_PACED',
        LV: 'MDC_IDC_STAT_CRT_LV_PERCENT_PACED',
      },
    },
  },
  /** AT/AF as a burden (%) or as episodes counted ('AT/AF 3 episodes', 'Mode Switch 12 episodes'). */
  atrialArrhythmia: {
    chambered: false,
    keys: { '%': AT_BURDEN_KEY, count: `${EPISODES}.ATAF` },
    bareUnit: 'count',
  },
  burden: { chambered: false, keys: { '%': AT_BURDEN_KEY } },
  episodesVT: { chambered: false, keys: { count: `${EPISODES}.VT` }, bareUnit: 'count' },
  episodesVF: { chambered: false, keys: { count: `${EPISODES}.VF` }, bareUnit: 'count' },
  episodesVTNS: { chambered: false, keys: { count: `${EPISODES}.VTNS` }, bareUnit: 'count' },
  episodesSVT: { chambered: false, keys: { count: `${EPISODES}.SVT` }, bareUnit: 'count' },
  episodesATAF: { chambered: false, keys: { count: `${EPISODES}.ATAF` }, bareUnit: 'count' },
  episodesPause: { chambered: false, keys: { count: `${EPISODES}.Pause` }, bareUnit: 'count' },
  episodesBrady: { chambered: false, keys: { count: `${EPISODES}.Brady` }, bareUnit: 'count' },
  episodesPatientActivated: {
    chambered: false,
    keys: { count: `${EPISODES}.PatientActivated` },
    bareUnit: 'count',
  },
  atp: {
    chambered: false,
    keys: { count: 'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT' },
    bareUnit: 'count',
  },
  shocks: {
    chambered: false,
    keys: { count: 'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT' },
    bareUnit: 'count',
  },
} as const satisfies Record<string, ScrapeMeasure>;
export type ScrapeMeasureId = keyof typeof SCRAPE_MEASURES;

/** A printed label: its terms, the measurement, and the chamber the label itself implies (R-wave → RV). */
export type ScrapeLabel = {
  terms: readonly string[];
  measure: ScrapeMeasureId;
  chamber?: LeadChamber | 'V';
};

/**
 * Labels vendors print (Medtronic, Boston Scientific, Abbott, Biotronik wording, and the portal's own
 * report). A chamber printed before a label ('RV Pacing Impedance', 'Atrial Sensing') is read with it, so
 * the terms here carry none unless the chamber is part of the word (R-wave, AP, BiV).
 */
export const SCRAPE_LABELS: readonly ScrapeLabel[] = [
  { measure: 'battery', terms: ['battery', 'battery status and longevity'] },
  {
    measure: 'batteryVoltage',
    terms: [
      'battery voltage',
      'batt voltage',
      'battery volts',
      'measured battery voltage',
      'cell voltage',
      // Under a 'Battery' heading. A one-word label reads only where a cell starts: not 'Output Voltage'.
      'voltage',
    ],
  },
  {
    measure: 'longevity',
    terms: [
      'longevity',
      'remaining longevity',
      'battery longevity',
      'estimated longevity',
      'estimated remaining longevity',
      'projected longevity',
      'time to rrt',
      'time to eri',
      'time to explant',
    ],
  },
  { measure: 'batteryRemaining', terms: ['battery remaining', 'remaining capacity', 'battery capacity'] },
  { measure: 'batteryStatus', terms: ['battery status', 'battery state', 'battery phase'] },
  {
    measure: 'chargeTime',
    terms: [
      'charge time',
      'capacitor charge time',
      'last charge time',
      'last capacitor charge',
      'full energy charge time',
      'last full energy charge',
      'capacitor formation',
    ],
  },
  {
    measure: 'sensing',
    terms: [
      'sensing',
      'sensing amplitude',
      'sensed amplitude',
      'intrinsic amplitude',
      'intrinsic',
      'measured intrinsic amplitude',
      'sensing intrinsic amplitude',
      'p/r wave amplitude',
      'p/r-wave amplitude',
      'p/r wave',
      'p/r-wave',
      // Medtronic Quick Look (issue 29 §3): 'Measured P/R Wave  4.4 mV  6.4 mV'.
      'measured p/r wave',
    ],
  },
  {
    measure: 'sensing',
    chamber: 'RV',
    terms: ['r-wave', 'r wave', 'r-wave amplitude', 'r wave amplitude', 'measured r wave', 'measured r-wave'],
  },
  {
    measure: 'sensing',
    chamber: 'RA',
    terms: ['p-wave', 'p wave', 'p-wave amplitude', 'p wave amplitude', 'measured p wave', 'measured p-wave'],
  },
  {
    measure: 'threshold',
    terms: [
      'threshold',
      'pacing threshold',
      'capture threshold',
      'pacing capture threshold',
      'capture threshold amplitude',
      'pacing threshold amplitude',
      'threshold amplitude',
      'pace threshold',
      'pacing capture',
    ],
  },
  {
    measure: 'thresholdPulseWidth',
    terms: [
      'threshold pulse width',
      'pacing threshold pulse width',
      'capture threshold pulse width',
      'threshold pw',
    ],
  },
  {
    measure: 'impedance',
    terms: [
      'impedance',
      'pacing impedance',
      'lead impedance',
      'pace impedance',
      'pacing lead impedance',
      'lead impedance pacing',
      'pacing imped',
      'lead imped',
    ],
  },
  {
    measure: 'hvImpedance',
    terms: [
      'hv impedance',
      'hv shock impedance',
      'hv lead impedance',
      'shock impedance',
      'shock lead impedance',
      'high voltage impedance',
      'high voltage lead impedance',
      'defibrillation impedance',
      'defib impedance',
      'hv coil impedance',
    ],
  },
  {
    measure: 'percentPaced',
    terms: ['paced', '% paced', 'percent paced', 'pacing %', 'percent pacing', '% pacing', 'paced %'],
  },
  { measure: 'percentPaced', chamber: 'RA', terms: ['ap', '% ap', 'ap %'] },
  { measure: 'percentPaced', chamber: 'V', terms: ['vp', '% vp', 'vp %', 'total vp'] },
  { measure: 'percentPaced', chamber: 'RA', terms: ['total ap'] },
  {
    measure: 'percentPaced',
    chamber: 'LV',
    terms: [
      'biv paced',
      '% biv',
      '% biv paced',
      'biv pacing',
      'biventricular paced',
      'biventricular pacing',
      'lv / biv paced',
      'lv/biv paced',
      'crt pacing',
      '% crt',
    ],
  },
  {
    measure: 'atrialArrhythmia',
    // 'AF  5,776' (Medtronic's monitored AF episodes, issue 29 §3): a bare number is a count.
    terms: ['at/af', 'af', 'mode switch', 'mode switching', 'time in mode switch', '% time in mode switch'],
  },
  {
    measure: 'burden',
    terms: [
      'at/af burden',
      'af burden',
      'at burden',
      'atrial burden',
      'time in at/af',
      '% time in at/af',
      'at/af % of time',
      'af burden %',
      // 'Time in AT/AF  4.8 h/d  (19.9 %)': the share of time, not the hours a day.
      'time in af',
      'time in at',
    ],
  },
  // 'VT  0', 'VF  0' under Medtronic's 'Treated' (issue 29 §3); a rate or a zone after them is no count.
  { measure: 'episodesVT', terms: ['vt episodes', 'vt/vf episodes', 'vt episode count', 'vt'] },
  { measure: 'episodesVF', terms: ['vf episodes', 'vf episode count', 'vf'] },
  {
    measure: 'episodesVTNS',
    terms: ['vt-ns', 'vt-ns episodes', 'nsvt', 'nsvt episodes', 'non-sustained vt'],
  },
  { measure: 'episodesSVT', terms: ['svt episodes', 'svt vt/vf rx withheld', 'svt'] },
  {
    measure: 'episodesATAF',
    terms: ['at/af episodes', 'af episodes', 'mode switch episodes', 'at/af episode count'],
  },
  { measure: 'episodesPause', terms: ['pause episodes'] },
  { measure: 'episodesBrady', terms: ['brady episodes', 'bradycardia episodes'] },
  {
    measure: 'episodesPatientActivated',
    terms: [
      'patient-activated episodes',
      'patient activated episodes',
      'patient-activated events',
      'patient activated events',
      'patient activated',
      'patient-activated',
      'symptom episodes',
    ],
  },
  { measure: 'atp', terms: ['atp delivered', 'atp therapies', 'atp therapies delivered', 'atp'] },
  { measure: 'shocks', terms: ['shocks delivered', 'shocks', 'shock therapies delivered', 'total shocks'] },
];

/**
 * Issue 29 §3: the labels of a printout in Japanese (Medtronic CareLink's 'Quick Look II', as printed in
 * Japan), by the same measurements. A second language is a table like this one, not code.
 */
export const SCRAPE_LABELS_JA: readonly ScrapeLabel[] = [
  { measure: 'longevity', terms: ['予測寿命', '推定電池寿命'] },
  { measure: 'batteryVoltage', terms: ['電池電圧', '電圧'] },
  { measure: 'impedance', terms: ['リードインピーダンス', 'ペーシングインピーダンス'] },
  { measure: 'hvImpedance', terms: ['除細動インピーダンス', '高電圧インピーダンス'] },
  { measure: 'threshold', terms: ['ペーシング閾値', '捕捉閾値'] },
  { measure: 'sensing', terms: ['p/r波高値', '波高値'] },
  { measure: 'sensing', chamber: 'RA', terms: ['p波高値'] },
  { measure: 'sensing', chamber: 'RV', terms: ['r波高値'] },
  { measure: 'burden', terms: ['at/af時間', 'af時間'] },
  { measure: 'shocks', terms: ['ショック総数', '総ショック'] },
];

/** The labels by the language printed; the reader reads every language's. */
export const SCRAPE_LABELS_BY_LANGUAGE: Readonly<Record<ScrapeLanguage, readonly ScrapeLabel[]>> = {
  en: SCRAPE_LABELS,
  de: [],
  ja: SCRAPE_LABELS_JA,
};

/** Each IDCO key a scrape can propose, with what its value is checked against and shown with. */
export type ScrapeKeyDefinition =
  | { kind: 'number'; unit: string; decimals: number; range: { min: number; max: number } }
  | { kind: 'status'; values: readonly string[] };

function scrapeKeys(): Record<string, ScrapeKeyDefinition> {
  const keys: Record<string, ScrapeKeyDefinition> = {};
  for (const measure of Object.values(SCRAPE_MEASURES) as ScrapeMeasure[]) {
    for (const target of Object.values(measure.keys)) {
      for (const key of typeof target === 'string' ? [target] : Object.values(target)) {
        const definition = findMeasurement(key);
        if (!definition) throw new Error(`${key} is not a measurement`);
        if (definition.kind === 'text') throw new Error(`${key} is a text, not a scraped measurement`);
        keys[key] =
          definition.kind === 'status'
            ? { kind: 'status', values: definition.values }
            : {
                kind: 'number',
                unit: definition.unit,
                decimals: definition.decimals,
                range: definition.range,
              };
      }
    }
  }
  return keys;
}

/** The languages printouts are read in: each a table of terms, not code (issue 29 §3). */
export const SCRAPE_LANGUAGES = ['en', 'de', 'ja'] as const;
export type ScrapeLanguage = (typeof SCRAPE_LANGUAGES)[number];

/**
 * Issue 29 §1: the labels a printout prints its identity under, by language. A `strong` label may be
 * followed by its value directly ('Serial PJN123456S', 'DOB 03/07/1950'); a `weak` one (a word used in
 * other senses too: 'Patient', 'ID', 'Device', 'Model') only with a colon or '#' after it. Lower case,
 * as printed after Unicode NFKC (full-width '：' reads as ':').
 */
export type IdentityTerms = Readonly<
  Record<PrintoutIdentityField, { strong: readonly string[]; weak: readonly string[] }>
>;
export const SCRAPE_IDENTITY_TERMS: Readonly<Record<ScrapeLanguage, IdentityTerms>> = {
  en: {
    patientName: { strong: ['patient name', "patient's name"], weak: ['patient', 'name'] },
    patientId: {
      strong: ['patient id', 'patient number', 'medical record number', 'mrn'],
      weak: ['id', 'id number'],
    },
    dob: { strong: ['date of birth', 'birth date', 'birthdate', 'dob', 'd.o.b'], weak: ['born'] },
    deviceModel: {
      strong: ['device model', 'model number', 'device name'],
      weak: ['device', 'model', 'implanted device', 'pulse generator'],
    },
    serial: {
      strong: [
        'device serial number',
        'device serial',
        'serial number',
        'serial no',
        'serial #',
        'serial',
        's/n',
      ],
      weak: ['sn', 'device sn'],
    },
  },
  de: {
    patientName: { strong: ['patientenname', 'name des patienten'], weak: ['patient', 'name'] },
    patientId: { strong: ['patienten-id', 'patientennummer', 'patienten id'], weak: ['id'] },
    dob: { strong: ['geburtsdatum', 'geb.-datum', 'geboren am'], weak: ['geb'] },
    deviceModel: { strong: ['gerätemodell', 'aggregat'], weak: ['gerät', 'modell', 'implantat'] },
    serial: { strong: ['seriennummer', 'serien-nr', 'seriennr'], weak: ['sn'] },
  },
  ja: {
    patientName: { strong: ['患者名', '患者氏名', '氏名'], weak: ['患者'] },
    patientId: { strong: ['患者id', '患者番号', 'カルテ番号'], weak: [] },
    dob: { strong: ['生年月日'], weak: [] },
    deviceModel: { strong: ['デバイスモデル', '機種名', 'モデル名'], weak: ['デバイス', '機種', 'モデル'] },
    serial: { strong: ['シリアル番号', 'シリアルナンバー', '製造番号'], weak: ['シリアル'] },
  },
};

/**
 * Issue 29 §3: the column headings of a trend table (a label followed by values of several sessions), by
 * language. The reader takes the `current` column's value ('Most Recent', 'This Session'); without one, the
 * latest dated column's; never a `past` one ('Implant', 'Last Session'). Lower case, as printed after
 * Unicode NFKC.
 */
export type TrendColumnTerms = Readonly<{
  current: readonly string[];
  past: readonly string[];
  /** The printout's own session date's labels: a trend column of that date is the current one. */
  sessionDate: readonly string[];
}>;
export const SCRAPE_TREND_COLUMN_TERMS: Readonly<Record<ScrapeLanguage, TrendColumnTerms>> = {
  en: {
    current: ['most recent', 'current', 'this session', 'this visit', 'today', 'latest', 'now', 'present'],
    past: [
      'implant',
      'at implant',
      'initial',
      'previous',
      'prior',
      'last session',
      'last visit',
      'last follow-up',
      'baseline',
      'reference',
    ],
    sessionDate: [
      'date of visit',
      'visit date',
      'session date',
      'interrogation date',
      'date of interrogation',
      'follow-up date',
    ],
  },
  de: {
    current: ['aktuell', 'heute', 'diese sitzung', 'letzte messung'],
    past: ['implantation', 'bei implantation', 'vorherige', 'vorige', 'letzte sitzung', 'initial'],
    sessionDate: ['sitzungsdatum', 'nachsorgedatum', 'datum der nachsorge', 'abfragedatum'],
  },
  ja: { current: ['今回', '現在', '最新'], past: ['前回', '植込み時', '初回'], sessionDate: ['来院日'] },
};

/** Everything the scraping engine reads a report with: plain data, cloned into its worker. */
export type PdfScrapeVocabulary = {
  labels: readonly ScrapeLabel[];
  measures: Readonly<Record<string, ScrapeMeasure>>;
  chamberTerms: Readonly<Record<string, LeadChamber | 'V'>>;
  prefixOnlyChamberTerms: readonly string[];
  chamberHeadingWords: readonly string[];
  leftVentricleWords: readonly string[];
  units: Readonly<Record<string, { unit: ScrapeUnit; factor: number }>>;
  batteryStatuses: Readonly<Record<string, string>>;
  keys: Readonly<Record<string, ScrapeKeyDefinition>>;
  identityTerms: Readonly<Record<ScrapeLanguage, IdentityTerms>>;
  /** Trend tables' column headings, every language's. */
  trendColumns: TrendColumnTerms;
};

export const PDF_SCRAPE_VOCABULARY: PdfScrapeVocabulary = {
  labels: /* @__PURE__ */ Object.values(SCRAPE_LABELS_BY_LANGUAGE).flat(),
  measures: SCRAPE_MEASURES,
  chamberTerms: SCRAPE_CHAMBER_TERMS,
  prefixOnlyChamberTerms: SCRAPE_PREFIX_ONLY_CHAMBER_TERMS,
  chamberHeadingWords: SCRAPE_CHAMBER_HEADING_WORDS,
  leftVentricleWords: SCRAPE_LEFT_VENTRICLE_WORDS,
  units: SCRAPE_UNIT_SPELLINGS,
  batteryStatuses: SCRAPE_BATTERY_STATUS_TERMS,
  keys: /* @__PURE__ */ scrapeKeys(),
  identityTerms: SCRAPE_IDENTITY_TERMS,
  trendColumns: {
    current: /* @__PURE__ */ Object.values(SCRAPE_TREND_COLUMN_TERMS).flatMap((terms) => terms.current),
    past: /* @__PURE__ */ Object.values(SCRAPE_TREND_COLUMN_TERMS).flatMap((terms) => terms.past),
    sessionDate: /* @__PURE__ */ Object.values(SCRAPE_TREND_COLUMN_TERMS).flatMap(
      (terms) => terms.sessionDate,
    ),
  },
};

function listScrapeKeys(): string[] {
  return MEASUREMENTS.map((measurement) => measurement.key).filter((key) =>
    Object.hasOwn(PDF_SCRAPE_VOCABULARY.keys, key),
  );
}

/** The measurements a scrape can propose, in the order reports list them. */
export const PDF_SCRAPE_KEYS: readonly string[] = /* @__PURE__ */ listScrapeKeys();
