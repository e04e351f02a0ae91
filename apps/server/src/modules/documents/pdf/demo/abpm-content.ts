import { DAY_MS, formatDate, formatDateTime, formatShortDateTime, tablePages } from './demo-format';
import type { BodyContext, Cell, ReportBody, Table, Tone } from './demo-report-types';

// 24-hour ambulatory blood pressure: a cuff worn for a day and a night, no implant, no ECG. Every figure
// is computed from the generated readings, and judged by the GUIDE's limits: day 135/85, night 120/70,
// 24 h 130/80 mmHg; dipping: dipper 10–20 %, non-dipper 0–10 %, extreme > 20 %, riser < 0 %.

export const ABPM_LIMITS = {
  day: [135, 85],
  night: [120, 70],
  all: [130, 80],
} as const satisfies Record<string, readonly [number, number]>;

export function dippingClassOf(percent: number): 'dipper' | 'non-dipper' | 'extreme dipper' | 'riser' {
  return percent < 0 ? 'riser' : percent < 10 ? 'non-dipper' : percent <= 20 ? 'dipper' : 'extreme dipper';
}

type Reading =
  | { at: Date; night: boolean; systolic: number; diastolic: number; pulse: number }
  | {
      at: Date;
      night: boolean;
      error: true;
    };

export function buildAbpmBody(context: BodyContext): ReportBody {
  const { input, random } = context;
  const start = input.period?.start ?? defaultStart(context);
  const end = input.period?.end ?? new Date(start.getTime() + DAY_MS);
  const hypertensive = random.chance(0.6);
  const daySystolic = hypertensive ? random.int(136, 158) : random.int(112, 133);
  const dayDiastolic = Math.round(daySystolic * random.between(0.56, 0.64));
  const dip = random.pick([0.15, 0.15, 0.13, 0.05, 0.07, 0.24, -0.03]) + random.between(-0.02, 0.02);

  // Readings every 20 minutes awake (07:00–22:00), every 30 minutes asleep.
  const readings: Reading[] = [];
  for (let at = start.getTime(); at <= end.getTime(); ) {
    const hour = new Date(at).getUTCHours();
    const night = hour >= 22 || hour < 7;
    const factor = night ? 1 - dip : 1;
    const noise = () => random.next() + random.next() + random.next() - 1.5;
    readings.push(
      random.chance(0.06)
        ? { at: new Date(at), night, error: true }
        : {
            at: new Date(at),
            night,
            systolic: Math.round(daySystolic * factor + noise() * 16),
            diastolic: Math.round(dayDiastolic * factor + noise() * 10),
            pulse: Math.round((night ? 60 : 74) + noise() * 12),
          },
    );
    at += (night ? 30 : 20) * 60_000;
  }
  const valid = readings.filter((reading) => !('error' in reading)) as Extract<
    Reading,
    { systolic: number }
  >[];
  const mean = (values: number[]) =>
    Math.round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length));
  const stats = (subset: typeof valid) => ({
    systolic: mean(subset.map((reading) => reading.systolic)),
    diastolic: mean(subset.map((reading) => reading.diastolic)),
    pulse: mean(subset.map((reading) => reading.pulse)),
    count: subset.length,
  });
  const day = stats(valid.filter((reading) => !reading.night));
  const night = stats(valid.filter((reading) => reading.night));
  const all = stats(valid);
  const dipping = Math.round(((day.systolic - night.systolic) / day.systolic) * 1000) / 10;
  const dippingClass = dippingClassOf(dipping);
  const above = (
    values: { systolic: number; diastolic: number },
    [systolic, diastolic]: readonly [number, number],
  ) => values.systolic >= systolic || values.diastolic >= diastolic;
  const load = (subset: typeof valid, limit: readonly [number, number]) =>
    Math.round((subset.filter((reading) => above(reading, limit)).length / Math.max(1, subset.length)) * 100);
  const validPercent = Math.round((valid.length / readings.length) * 100);

  const status = (values: { systolic: number; diastolic: number }, limit: readonly [number, number]): Cell =>
    above(values, limit) ? { text: 'Above limit', tone: 'warning' } : { text: 'Normal', tone: 'normal' };
  const bp = (values: { systolic: number; diastolic: number }) =>
    `${values.systolic}/${values.diastolic} mmHg`;
  const limitText = ([systolic, diastolic]: readonly [number, number]) => `${systolic}/${diastolic}`;
  const summaryColumns: Table['columns'] = [
    { title: 'Period', width: 0.3 },
    { title: 'Mean BP', width: 0.2, align: 'right' },
    { title: 'Limit', width: 0.14, align: 'right' },
    { title: 'Mean pulse', width: 0.16, align: 'right' },
    { title: 'Status', width: 0.2 },
  ];
  const dippingTone: Tone = dippingClass === 'dipper' ? 'normal' : 'warning';
  const tables: Table[] = [
    {
      title: 'Blood pressure summary',
      columns: summaryColumns,
      rows: [
        [
          { text: '24 hours' },
          { text: bp(all) },
          { text: limitText(ABPM_LIMITS.all) },
          { text: `${all.pulse} bpm` },
          status(all, ABPM_LIMITS.all),
        ],
        [
          { text: 'Daytime (07:00–22:00)' },
          { text: bp(day) },
          { text: limitText(ABPM_LIMITS.day) },
          { text: `${day.pulse} bpm` },
          status(day, ABPM_LIMITS.day),
        ],
        [
          { text: 'Night-time (22:00–07:00)' },
          { text: bp(night) },
          { text: limitText(ABPM_LIMITS.night) },
          { text: `${night.pulse} bpm` },
          status(night, ABPM_LIMITS.night),
        ],
      ],
    },
    {
      title: 'Nocturnal pattern and blood pressure load',
      columns: [
        { title: 'Measurement', width: 0.55 },
        { title: 'Value', width: 0.25, align: 'right' },
        { title: 'Status', width: 0.2 },
      ],
      rows: [
        [
          { text: 'Nocturnal systolic dipping' },
          { text: `${dipping} %` },
          { text: dippingClass, tone: dippingTone },
        ],
        [
          { text: 'Daytime readings above 135/85' },
          {
            text: `${load(
              valid.filter((reading) => !reading.night),
              ABPM_LIMITS.day,
            )} %`,
          },
          { text: '' },
        ],
        [
          { text: 'Night-time readings above 120/70' },
          {
            text: `${load(
              valid.filter((reading) => reading.night),
              ABPM_LIMITS.night,
            )} %`,
          },
          { text: '' },
        ],
        [
          { text: 'Valid readings' },
          { text: `${valid.length} of ${readings.length} (${validPercent} %)` },
          validPercent >= 70 ? { text: 'Adequate', tone: 'normal' } : { text: 'Too few', tone: 'warning' },
        ],
      ],
    },
  ];

  const hypertension =
    above(all, ABPM_LIMITS.all) || above(day, ABPM_LIMITS.day) || above(night, ABPM_LIMITS.night);
  const findings = [
    `24-hour mean ${bp(all)} (limit ${limitText(ABPM_LIMITS.all)}); daytime ${bp(day)} (limit ${limitText(ABPM_LIMITS.day)}); night-time ${bp(night)} (limit ${limitText(ABPM_LIMITS.night)}).`,
    !hypertension
      ? 'Ambulatory blood pressure within normal limits.'
      : above(all, ABPM_LIMITS.all) || above(day, ABPM_LIMITS.day)
        ? `Ambulatory hypertension${above(night, ABPM_LIMITS.night) ? ', by day and at night' : ', daytime only'}; consider starting or adjusting antihypertensive treatment.`
        : 'Isolated nocturnal hypertension with normal daytime values; consider evaluation for sleep apnea and evening dosing.',
    `Nocturnal systolic dipping ${dipping} %: ${dippingClass} pattern.`,
    `${valid.length} of ${readings.length} readings valid (${validPercent} %): ${validPercent >= 70 ? 'adequate' : 'too few'} for interpretation.`,
  ];

  const readingRows: Cell[][] = readings.map((reading) =>
    'error' in reading
      ? [
          { text: formatShortDateTime(reading.at) },
          { text: '–' },
          { text: '–' },
          { text: '–' },
          { text: reading.night ? 'Night' : 'Day' },
          { text: 'No reading (motion)', tone: 'warning' },
        ]
      : [
          { text: formatShortDateTime(reading.at) },
          { text: String(reading.systolic) },
          { text: String(reading.diastolic) },
          { text: String(reading.pulse) },
          { text: reading.night ? 'Night' : 'Day' },
          above(reading, reading.night ? ABPM_LIMITS.night : ABPM_LIMITS.day)
            ? { text: 'Above limit', tone: 'warning' }
            : { text: '' },
        ],
  );

  return {
    period: { start, end },
    cptCodes: ['93784'],
    icd10Codes: [hypertension ? 'I10' : 'R03.0'],
    deviceTitle: 'MONITOR',
    deviceRows: [
      ['Manufacturer', input.device.manufacturer || 'Not reported'],
      ['Model', input.device.modelName || 'Not reported'],
      ['Serial number', input.device.serialNumber || 'Not reported'],
      ['Monitor type', 'Ambulatory blood pressure monitor'],
      ['Cuff', random.pick(['Adult, left arm', 'Adult, right arm', 'Large adult, left arm'])],
    ],
    sessionTitle: 'STUDY',
    sessionRows: [
      ['Date of service', formatDate(input.dos)],
      ['Recording start', formatDateTime(start)],
      ['Recording end', formatDateTime(end)],
      ['Readings', `${readings.length} attempted, every 20/30 min`],
      ['Pages', String(input.pageCount)],
    ],
    measurementTitle: 'Ambulatory blood pressure summary',
    tables,
    findings,
    highlights: [
      {
        label: '24-hour mean',
        value: bp(all),
        detail: `Limit ${limitText(ABPM_LIMITS.all)}`,
        tone: above(all, ABPM_LIMITS.all) ? 'warning' : 'normal',
      },
      {
        label: 'Daytime mean',
        value: bp(day),
        detail: `Limit ${limitText(ABPM_LIMITS.day)}`,
        tone: above(day, ABPM_LIMITS.day) ? 'warning' : 'normal',
      },
      { label: 'Dipping', value: `${dipping} %`, detail: dippingClass, tone: dippingTone },
    ],
    presentingStrip: null,
    laterPages: tablePages(
      'Blood pressure readings',
      {
        title: 'Blood pressure readings',
        columns: [
          { title: 'Time', width: 0.2 },
          { title: 'Systolic', width: 0.13, align: 'right' },
          { title: 'Diastolic', width: 0.13, align: 'right' },
          { title: 'Pulse', width: 0.12, align: 'right' },
          { title: 'Period', width: 0.14 },
          { title: 'Comment', width: 0.28 },
        ],
      },
      readingRows,
      context.laterPageCount,
    ),
    summary:
      'A 24-hour ambulatory blood pressure recording. Day and night means, the nocturnal pattern and every reading are on the following pages for physician review.',
    footnote:
      'Prepared from the ambulatory blood pressure recording. Clinical decisions rest with the reviewing physician.',
  };
}

/** Fitted in the morning, a day or two before the report. */
function defaultStart(context: BodyContext): Date {
  const { input, random } = context;
  const midnight = Math.floor(input.dos.getTime() / DAY_MS) * DAY_MS;
  return new Date(midnight - random.int(2, 3) * DAY_MS + random.int(8 * 60, 11 * 60) * 60_000);
}
