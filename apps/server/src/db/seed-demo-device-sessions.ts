import {
  AT_BURDEN_KEY,
  episodeCountKey,
  isOacEntryCurrent,
  LEAD_CONFIGURATION_KEYS,
  type LeadConfiguration,
  type SessionDeviceType,
  sessionDeviceTypeOf,
} from '@portal/domain';
import { sql } from 'kysely';
import { saveDeviceSession } from '../modules/device-data/save-device-session';
import { createSeededRandom, type SeededRandom } from '../modules/documents/pdf/demo/seeded-random';
import { demoClinicNpi } from './seed-demo-data';
import { type Db, inTransaction } from './transaction';

// The demo patients' device data (issue 14): the demo clinic's patients with an implant (up to
// DEMO_DEVICE_PATIENTS of them) get quarterly (91-day)
// remote transmissions over the last few years, recorded through saveDeviceSession like any import, with
// values that drift as real ones do; sessions take the date and id of the patient's device reports where
// one falls near. Loop recorders and patients with AF also report a daily AF burden over the last year.
// A few patients carry the findings the longitudinal view is for: a rising RV threshold (warning at the
// latest session), a rising AF burden in a patient not on OAC, and a battery at ERI.
// Deterministic (a random per patient, dates from `now`) and run once per database (a marker).

const DEMO_DEVICE_SESSIONS_MARKER = 'demo-device-sessions-seeded';
const DAY_MS = 86_400_000;
const SESSION_EVERY_DAYS = 91;
const HISTORY_YEARS = 3;
const DAILY_AF_DAYS = 365;
/** A device report within this many days of a transmission is its report. */
const DOCUMENT_WINDOW_DAYS = 45;
/**
 * How many of the demo clinic's implant patients get a history. saveDeviceSession costs about 7 ms a
 * session on PGlite (the session, its values, its audit event), so ~20 patients × ~12 sessions keep the
 * first start's seed within about two seconds more.
 */
const DEMO_DEVICE_PATIENTS = 20;
const IMPLANT_DOCUMENT_DEVICES = ['ILR', 'PM', 'CRT-P', 'ICD', 'CRT-D'];

type DemoDevicePatient = {
  id: string;
  clinicNpi: string;
  patientId: string;
  deviceType: SessionDeviceType;
  manufacturer: string | null;
  model: string | null;
  serialNumber: string | null;
  implantDate: Date;
  hasAf: boolean;
  onOac: boolean;
  reports: { id: string; dos: Date; chambers: string | null }[];
};

type Finding = 'rising-threshold' | 'rising-af-burden' | 'battery-at-eri';

/** Seeds the demo patients' device sessions once; false when they were seeded already. */
export async function seedDemoDeviceSessions(db: Db, options: { now: Date; signal?: AbortSignal }) {
  const claimed = await db
    .insertInto('appState')
    .values({ key: DEMO_DEVICE_SESSIONS_MARKER, value: JSON.stringify({ at: options.now.toISOString() }) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return false;
  const candidates = await loadDemoDevicePatients(db, options.now, demoClinicNpi());
  const findings = chooseFindings(candidates);
  const others = candidates.filter((patient) => !findings.has(patient.id));
  const patients = candidates.filter(
    (patient) => findings.has(patient.id) || others.indexOf(patient) < DEMO_DEVICE_PATIENTS - findings.size,
  );
  for (const patient of patients) {
    if (options.signal?.aborted) return false;
    const sessions = planSessions(patient, options.now, findings.get(patient.id));
    // One transaction per patient: its sessions, values and events commit together.
    await inTransaction(db, async (tx) => {
      for (const session of sessions) await saveDeviceSession(tx, 'system', session);
    });
  }
  return true;
}

/** The clinic's patients with an implant (PM, ICD, ILR) in their device info, and their device reports. */
async function loadDemoDevicePatients(db: Db, now: Date, clinicNpi: string): Promise<DemoDevicePatient[]> {
  const rows = await db
    .selectFrom('patients')
    .select(['id', 'clinicNpi', 'patientId', 'deviceInfo', 'medicalInfo', 'oacStatus', 'oacHistory'])
    .where('clinicNpi', '=', clinicNpi)
    .where(sql<boolean>`device_info->>'deviceType' IN ('PM', 'ICD', 'ILR')`)
    .orderBy('patientId')
    .execute();
  const reports =
    rows.length === 0
      ? []
      : await db
          .selectFrom('documents')
          .select(['id', 'patientRef', 'dos', sql<string | null>`device_detail->>'chambers'`.as('chambers')])
          .where(
            'patientRef',
            'in',
            rows.map((row) => row.id),
          )
          .where('device', 'in', IMPLANT_DOCUMENT_DEVICES)
          .where('deletedAt', 'is', null)
          .orderBy('dos')
          .execute();
  const today = now.toISOString().slice(0, 10);
  return rows.flatMap((row) => {
    const device = row.deviceInfo ?? {};
    const deviceType = sessionDeviceTypeOf(text(device.deviceType));
    const implantDate = text(device.implantDate);
    if (!deviceType || !implantDate) return [];
    const medical = row.medicalInfo ?? {};
    return [
      {
        id: row.id,
        clinicNpi: row.clinicNpi,
        patientId: row.patientId,
        deviceType,
        manufacturer: text(device.manufacturer),
        model: text(device.model),
        serialNumber: text(device.serialNumber),
        implantDate: new Date(`${implantDate}T00:00:00Z`),
        hasAf: medical.hasAfibHistory === true,
        onOac: row.oacStatus === 'on-oac' || row.oacHistory.some((entry) => isOacEntryCurrent(entry, today)),
        reports: reports
          .filter((report) => report.patientRef === row.id && report.dos !== null)
          .map((report) => ({ id: report.id, dos: report.dos as Date, chambers: report.chambers })),
      },
    ];
  });
}

/** The patients who show each finding: the first fitting patient in a stable order. */
function chooseFindings(patients: readonly DemoDevicePatient[]): Map<string, Finding> {
  const chosen = new Map<string, Finding>();
  const pick = (finding: Finding, fits: (patient: DemoDevicePatient) => boolean) => {
    const patient = patients.find((candidate) => !chosen.has(candidate.id) && fits(candidate));
    if (patient) chosen.set(patient.id, finding);
  };
  pick('rising-threshold', (patient) => patient.deviceType === 'PM');
  // No AF history and not on OAC: the rising burden alone raises the AF-without-OAC flag.
  pick('rising-af-burden', (patient) => patient.deviceType === 'ILR' && !patient.hasAf && !patient.onOac);
  pick(
    'rising-af-burden',
    (patient) => !patient.hasAf && !patient.onOac && ![...chosen.values()].includes('rising-af-burden'),
  );
  pick('battery-at-eri', (patient) => patient.deviceType === 'ICD');
  return chosen;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function seedOf(value: string): number {
  return [...value].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % 1_000_003, 11);
}

type PlannedSession = Parameters<typeof saveDeviceSession>[2];
type Value = PlannedSession['measurements'][number];

/** The patient's transmissions, oldest first, from the implant (or a few years back) to the last 91 days. */
function planSessions(patient: DemoDevicePatient, now: Date, finding: Finding | undefined): PlannedSession[] {
  const random = createSeededRandom(seedOf(patient.patientId));
  const start = Math.max(
    patient.implantDate.getTime() + 30 * DAY_MS,
    now.getTime() - HISTORY_YEARS * 365 * DAY_MS,
  );
  const latest = now.getTime() - random.int(3, 60) * DAY_MS;
  const dates: number[] = [];
  for (let at = latest; at >= start; at -= SESSION_EVERY_DAYS * DAY_MS) dates.unshift(at);
  if (dates.length === 0) return [];
  // A report near a transmission is its report, and gives it its date.
  const unlinked = [...patient.reports];
  const linked = dates.map((at) => {
    const index = unlinked.findIndex(
      (report) => Math.abs(report.dos.getTime() - at) <= DOCUMENT_WINDOW_DAYS * DAY_MS,
    );
    const report = index >= 0 ? unlinked.splice(index, 1)[0] : undefined;
    return { at: report && report.dos.getTime() <= now.getTime() ? report.dos.getTime() : at, report };
  });
  linked.sort((a, b) => a.at - b.at);
  const chambers = (patient.reports.find((report) => report.chambers)?.chambers ??
    (patient.deviceType === 'ILR' ? 'No Leads' : 'Dual')) as LeadConfiguration;
  const leadConfiguration = LEAD_CONFIGURATION_KEYS[chambers] ?? 'dualLead';
  const baseline = baselineOf(random, patient, chambers);
  const hasDailyAf = patient.deviceType === 'ILR' || patient.hasAf;
  let previousAt = linked[0] ? linked[0].at - SESSION_EVERY_DAYS * DAY_MS : 0;
  return linked.map(({ at, report }, index) => {
    const fromEnd = linked.length - 1 - index;
    const years = (at - patient.implantDate.getTime()) / (365.25 * DAY_MS);
    const measurements = valuesOf(random, { patient, baseline, chambers, years, fromEnd, finding });
    const since = previousAt;
    previousAt = at;
    const daily = hasDailyAf && now.getTime() - at <= DAILY_AF_DAYS * DAY_MS;
    return {
      patient: { id: patient.id, clinicNpi: patient.clinicNpi },
      deviceType: patient.deviceType,
      kind: 'remote',
      source: 'device-import',
      sessionDate: new Date(at),
      manufacturer: patient.manufacturer,
      model: patient.model,
      serialNumber: patient.serialNumber,
      leadConfiguration,
      documentId: report?.id ?? null,
      externalId: `demo|${patient.patientId}|${new Date(at).toISOString().slice(0, 10)}`,
      measurements: daily
        ? [...measurements, ...dailyAfBurden(random, { since, at, baseline, fromEnd, finding })]
        : [
            ...measurements,
            { key: AF_BURDEN, value: afBurdenOf(random, baseline.afBurden, fromEnd, finding) },
          ],
      confirmedBy: null,
    };
  });
}

const AF_BURDEN = AT_BURDEN_KEY;

type Baseline = ReturnType<typeof baselineOf>;

function baselineOf(random: SeededRandom, patient: DemoDevicePatient, chambers: LeadConfiguration) {
  return {
    longevityYears: patient.deviceType === 'ILR' ? 3 : patient.deviceType === 'ICD' ? 9 : 11,
    raSensing: random.between(1.8, 3.5, 1),
    raThreshold: random.between(0.5, 1, 2),
    raImpedance: random.int(380, 560),
    rvSensing: patient.deviceType === 'ILR' ? random.between(0.3, 0.8, 2) : random.between(7, 14, 1),
    rvThreshold: random.between(0.5, 1, 2),
    rvImpedance: random.int(420, 720),
    rvImpedanceDriftPerYear: random.between(-15, 10, 0),
    lvThreshold: random.between(0.75, 1.5, 2),
    lvImpedance: random.int(520, 880),
    hvImpedance: random.int(55, 80),
    raPaced: random.between(5, 60, 0),
    rvPaced: random.chance(0.3) ? random.between(85, 99, 0) : random.between(1, 30, 0),
    afBurden: patient.hasAf ? random.between(0.5, 4, 1) : random.between(0, 0.3, 2),
    chambers,
  };
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function afBurdenOf(random: SeededRandom, base: number, fromEnd: number, finding: Finding | undefined) {
  if (finding === 'rising-af-burden' && fromEnd <= 2) return [0.4, 2.2, 6.5][2 - fromEnd] ?? base;
  return round(clamp(base * random.between(0.6, 1.4), 0, 100), 1);
}

/** One value a day since the last transmission, up to this one's day (the last one on the day itself). */
function dailyAfBurden(
  random: SeededRandom,
  window: { since: number; at: number; baseline: Baseline; fromEnd: number; finding: Finding | undefined },
): Value[] {
  const days = Math.max(1, Math.round((window.at - window.since) / DAY_MS));
  const values: Value[] = [];
  for (let day = days - 1; day >= 0; day--) {
    const measuredAt = new Date(window.at - day * DAY_MS);
    let value = round(clamp(window.baseline.afBurden * random.between(0.2, 1.8), 0, 100), 1);
    // The chosen patient's burden climbs over the last weeks, the latest day the highest.
    if (window.finding === 'rising-af-burden' && window.fromEnd === 0)
      value = round(0.3 + 6.5 * ((days - day) / days) ** 2, 1);
    values.push({ key: AF_BURDEN, value, measuredAt });
  }
  return values;
}

function valuesOf(
  random: SeededRandom,
  input: {
    patient: DemoDevicePatient;
    baseline: Baseline;
    chambers: LeadConfiguration;
    years: number;
    fromEnd: number;
    finding: Finding | undefined;
  },
): Value[] {
  const { patient, baseline: b, years, fromEnd, finding } = input;
  const used = clamp(years / b.longevityYears, 0, 0.97);
  const atEri = finding === 'battery-at-eri' && fromEnd === 0;
  const longevityMonths = atEri
    ? 2
    : Math.max(6, Math.round((b.longevityYears - years) * 12 + random.int(-2, 2)));
  const status = atEri ? 'ERI' : years < 1 ? 'BOS' : 'MOS';
  const values: Value[] = [
    { key: 'MDC_IDC_MSMT_BATTERY_STATUS', value: status },
    { key: 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY', value: longevityMonths },
  ];
  if (patient.deviceType === 'ILR') {
    values.push(
      {
        key: 'MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL',
        value: round(b.rvSensing * random.between(0.85, 1.15), 2),
      },
      { key: episodeCountKey('ATAF'), value: b.afBurden > 1 ? random.int(1, 12) : random.int(0, 1) },
      { key: episodeCountKey('Pause'), value: random.chance(0.1) ? 1 : 0 },
      { key: episodeCountKey('Brady'), value: random.chance(0.15) ? random.int(1, 3) : 0 },
      { key: episodeCountKey('PatientActivated'), value: random.chance(0.25) ? random.int(1, 2) : 0 },
    );
    return values;
  }
  const voltage = atEri ? 2.58 : round(3.05 - 0.3 * used + random.between(-0.01, 0.01), 2);
  values.push({ key: 'MDC_IDC_MSMT_BATTERY_VOLTAGE', value: voltage });
  const chambers: ('RA' | 'RV' | 'LV')[] =
    input.chambers === 'Single' ? ['RV'] : input.chambers === 'BiV' ? ['RA', 'RV', 'LV'] : ['RA', 'RV'];
  const rvThreshold =
    finding === 'rising-threshold' && fromEnd <= 2
      ? ([1, 1.25, 1.8][2 - fromEnd] ?? b.rvThreshold)
      : round(b.rvThreshold + random.between(-0.125, 0.125, 3), 2);
  const lead = {
    RA: { sensing: b.raSensing, threshold: b.raThreshold, impedance: b.raImpedance },
    RV: {
      sensing: b.rvSensing,
      threshold: rvThreshold,
      impedance: b.rvImpedance + b.rvImpedanceDriftPerYear * years,
    },
    LV: { sensing: null, threshold: b.lvThreshold, impedance: b.lvImpedance },
  };
  for (const chamber of chambers) {
    const term = `MDC_IDC_MSMT_LEADCHNL_${chamber}`;
    const { sensing, threshold, impedance } = lead[chamber];
    if (sensing !== null)
      values.push({
        key: `${term}_SENSING_INTR_AMPL`,
        value: round(sensing * random.between(0.85, 1.15), 1),
      });
    values.push(
      {
        key: `${term}_PACING_THRESHOLD_AMPLITUDE`,
        value: chamber === 'RV' ? threshold : round(threshold + random.between(-0.125, 0.125, 3), 2),
      },
      { key: `${term}_PACING_THRESHOLD_PULSEWIDTH`, value: 0.4 },
      {
        key: `${term}_IMPEDANCE_VALUE`,
        value: Math.round(clamp(impedance + random.int(-25, 25), 200, 2000)),
      },
    );
  }
  if (chambers.includes('RA'))
    values.push({
      key: 'MDC_IDC_STAT_BRADY_RA_PERCENT_PACED',
      value: round(clamp(b.raPaced + random.between(-5, 5), 0, 100), 0),
    });
  values.push({
    key: 'MDC_IDC_STAT_BRADY_RV_PERCENT_PACED',
    value: round(clamp(b.rvPaced + random.between(-3, 3), 0, 100), 0),
  });
  if (chambers.includes('LV'))
    values.push({ key: 'MDC_IDC_STAT_CRT_LV_PERCENT_PACED', value: random.between(94, 99.5, 1) });
  if (chambers.includes('RA'))
    values.push({
      key: episodeCountKey('ATAF'),
      value: b.afBurden > 1 ? random.int(1, 20) : random.int(0, 2),
    });
  if (patient.deviceType === 'ICD') {
    const vt = random.chance(0.1) ? random.int(1, 3) : 0;
    values.push(
      { key: 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE', value: random.int(b.hvImpedance - 4, b.hvImpedance + 4) },
      { key: 'MDC_IDC_MSMT_CAP_CHARGE_TIME', value: round(7.5 + 3 * used + random.between(-0.3, 0.3), 1) },
      { key: episodeCountKey('VT'), value: vt },
      { key: episodeCountKey('VF'), value: random.chance(0.03) ? 1 : 0 },
      { key: 'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT', value: vt },
      { key: 'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT', value: vt > 2 ? 1 : 0 },
    );
  }
  return values;
}
