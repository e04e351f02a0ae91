import { DAY_MS, formatDate, formatDateTime, formatDuration, formatTime, tablePages } from './demo-format';
import type { BodyContext, Cell, ReportBody, Table } from './demo-report-types';

// A home sleep apnea test (type III): one night of airflow, effort, oximetry and position; no implant,
// no rhythm strips. Severity by the AASM cut-offs of the apnea-hypopnea index: < 5 none, 5–14.9 mild,
// 15–29.9 moderate, ≥ 30 severe.

export function severityOf(ahi: number): 'none' | 'mild' | 'moderate' | 'severe' {
  return ahi < 5 ? 'none' : ahi < 15 ? 'mild' : ahi < 30 ? 'moderate' : 'severe';
}

export function buildSleepBody(context: BodyContext): ReportBody {
  const { input, random } = context;
  const period = input.period ?? nightBefore(context);
  const hours = (period.end.getTime() - period.start.getTime()) / 3_600_000;
  const ahi = random.between(1.5, 48, 1);
  const severity = severityOf(ahi);
  const events = Math.round(ahi * hours);
  const obstructive = Math.round(events * random.between(0.2, 0.4));
  const central = Math.round(events * random.between(0, 0.06));
  const hypopneas = Math.max(0, events - obstructive - central);
  const odi = Math.max(0.5, Number((ahi * random.between(0.7, 1.05)).toFixed(1)));
  const meanSpo2 = ahi >= 30 ? random.int(89, 93) : random.int(92, 96);
  const nadir = ahi >= 30 ? random.int(72, 82) : ahi >= 15 ? random.int(80, 86) : random.int(85, 91);
  const t90 =
    ahi >= 30 ? random.between(8, 35, 1) : ahi >= 15 ? random.between(1, 9, 1) : random.between(0, 1, 1);
  const supinePercent = random.int(25, 70);
  // Supine events per hour at most what puts every event on the back.
  const supineAhi = Number((ahi * random.between(1, Math.min(2.2, 100 / supinePercent))).toFixed(1));
  const nonSupineAhi = Math.max(
    0,
    Number(((ahi * 100 - supineAhi * supinePercent) / (100 - supinePercent)).toFixed(1)),
  );
  const pulse = random.int(56, 78);

  const columns: Table['columns'] = [
    { title: 'Measurement', width: 0.55 },
    { title: 'Value', width: 0.25, align: 'right' },
    { title: 'Status', width: 0.2 },
  ];
  const row = (label: string, value: string, flagged = false): Cell[] => [
    { text: label },
    { text: value },
    flagged ? { text: 'Abnormal', tone: 'warning' } : { text: 'Normal', tone: 'normal' },
  ];
  const tables: Table[] = [
    {
      title: 'Respiratory and oximetry indices',
      columns,
      rows: [
        row('Apnea-hypopnea index (AHI)', `${ahi} /h`, ahi >= 5),
        row('Oxygen desaturation index (3 %)', `${odi} /h`, odi >= 5),
        row('Obstructive apneas / central apneas / hypopneas', `${obstructive} / ${central} / ${hypopneas}`),
        row('Mean SpO2', `${meanSpo2} %`, meanSpo2 < 92),
        row('SpO2 nadir', `${nadir} %`, nadir < 88),
        row('Time with SpO2 below 90 %', `${t90} %`, t90 > 5),
        row('Mean pulse rate', `${pulse} bpm`),
        row('Monitoring time', formatDuration(period.end.getTime() - period.start.getTime())),
      ],
    },
    {
      title: 'Body position',
      columns,
      rows: [
        row('Time supine', `${supinePercent} %`),
        row('AHI supine', `${supineAhi} /h`, supineAhi >= 5),
        row('AHI non-supine', `${nonSupineAhi} /h`, nonSupineAhi >= 5),
      ],
    },
  ];

  const findings = [
    `AHI ${ahi} events per hour: ${severity === 'none' ? 'no obstructive sleep apnea' : `${severity} obstructive sleep apnea`}; ODI ${odi} /h, SpO2 nadir ${nadir} %.`,
    severity === 'none'
      ? 'If symptoms persist, an in-laboratory polysomnogram may be considered.'
      : severity === 'mild'
        ? 'Treatment options: positional therapy, an oral appliance or CPAP, guided by symptoms and comorbidities.'
        : 'CPAP (auto-titrating 5–15 cm H2O) recommended, with follow-up of adherence and symptoms.',
    `Supine AHI ${supineAhi} /h over ${supinePercent} % of the night${supineAhi >= 2 * ahi ? ': positional component' : ''}.`,
  ];

  // Later pages: the respiratory event log (exactly the counted events, in time order), and the night
  // hour by hour, counted from that log.
  const types = [
    ...Array<string>(obstructive).fill('Obstructive apnea'),
    ...Array<string>(central).fill('Central apnea'),
    ...Array<string>(hypopneas).fill('Hypopnea'),
  ];
  for (let index = types.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [types[index], types[other]] = [types[other] as string, types[index] as string];
  }
  const span = period.end.getTime() - period.start.getTime();
  const log = types.map((type, index) => ({
    at: new Date(period.start.getTime() + ((index + random.next()) / Math.max(1, events)) * span),
    type,
    seconds: random.int(10, type === 'Hypopnea' ? 40 : 55),
    spo2: Math.max(nadir, meanSpo2 - random.int(3, ahi >= 30 ? 14 : 7)),
  }));
  // The nadir is an event's.
  const deepest = log.reduce<(typeof log)[number] | undefined>(
    (low, event) => (!low || event.spo2 < low.spo2 ? event : low),
    undefined,
  );
  if (deepest) deepest.spo2 = nadir;
  const eventRows: Cell[][] = log.map((event) => [
    { text: formatTime(event.at) },
    { text: event.type },
    { text: `${event.seconds} s` },
    { text: `${event.spo2} %`, ...(event.spo2 < 88 ? { tone: 'warning' as const } : {}) },
  ]);
  const hourly: Cell[][] = Array.from({ length: Math.ceil(hours) }, (_unused, index) => {
    const from = period.start.getTime() + index * 3_600_000;
    const inHour = log.filter((event) => event.at.getTime() >= from && event.at.getTime() < from + 3_600_000);
    const lowest = inHour.reduce((low, event) => Math.min(low, event.spo2), meanSpo2 - random.int(0, 2));
    return [
      { text: formatTime(new Date(from)) },
      { text: String(inHour.length) },
      { text: `${Math.min(99, meanSpo2 + random.int(-1, 2))} %` },
      { text: `${lowest} %` },
      { text: random.chance(supinePercent / 100) ? 'Supine' : random.pick(['Left', 'Right', 'Prone']) },
    ];
  });
  const laterPages =
    context.laterPageCount === 0
      ? []
      : [
          ...tablePages(
            'Hourly summary',
            {
              title: 'Hourly summary',
              columns: [
                { title: 'Hour starting', width: 0.24 },
                { title: 'Respiratory events', width: 0.2, align: 'right' },
                { title: 'Mean SpO2', width: 0.18, align: 'right' },
                { title: 'Lowest SpO2', width: 0.18, align: 'right' },
                { title: 'Main position', width: 0.2 },
              ],
            },
            hourly,
            1,
          ),
          ...tablePages(
            'Respiratory event log',
            {
              title: 'Respiratory event log',
              columns: [
                { title: 'Time', width: 0.22 },
                { title: 'Event', width: 0.38 },
                { title: 'Duration', width: 0.18, align: 'right' },
                { title: 'SpO2 after', width: 0.22, align: 'right' },
              ],
            },
            eventRows,
            context.laterPageCount - 1,
          ),
        ];

  return {
    period,
    // Home sleep test with airflow, effort and oximetry: 95806.
    cptCodes: ['95806'],
    icd10Codes: [ahi >= 5 ? 'G47.33' : 'R06.83'],
    deviceTitle: 'SLEEP TEST DEVICE',
    deviceRows: [
      ['Manufacturer', input.device.manufacturer || 'Not reported'],
      ['Model', input.device.modelName || 'Not reported'],
      ['Serial number', input.device.serialNumber || 'Not reported'],
      ['Test type', 'Home sleep apnea test (type III)'],
      ['Channels', 'Airflow, effort, SpO2, pulse, position'],
    ],
    sessionTitle: 'STUDY',
    sessionRows: [
      ['Date of service', formatDate(input.dos)],
      ['Recording start', formatDateTime(period.start)],
      ['Recording end', formatDateTime(period.end)],
      [
        'Indication',
        random.pick([
          'Snoring, witnessed apneas',
          'Daytime sleepiness',
          'Resistant hypertension',
          'AF with suspected OSA',
        ]),
      ],
      ['Pages', String(input.pageCount)],
    ],
    measurementTitle: 'Sleep study summary',
    tables,
    findings,
    highlights: [
      {
        label: 'AHI',
        value: `${ahi} /h`,
        detail:
          severity === 'none' ? 'No sleep apnea' : `${severity[0]?.toUpperCase()}${severity.slice(1)} OSA`,
        tone: ahi >= 15 ? 'alert' : ahi >= 5 ? 'warning' : 'normal',
      },
      {
        label: 'SpO2 nadir',
        value: `${nadir} %`,
        detail: `Mean ${meanSpo2} %`,
        tone: nadir < 88 ? 'warning' : 'normal',
      },
      {
        label: 'ODI',
        value: `${odi} /h`,
        detail: `${t90} % of the night < 90 %`,
        tone: odi >= 15 ? 'warning' : 'normal',
      },
    ],
    presentingStrip: null,
    laterPages,
    summary:
      'One night of home sleep apnea testing. Respiratory events, oximetry and body position are summarised on the following pages for physician review.',
    footnote:
      'Prepared from the home sleep test recording, scored by a registered sleep technologist. Clinical decisions rest with the reviewing physician.',
  };
}

/** A night ending in the morning a day or more before the report. */
function nightBefore(context: BodyContext): { start: Date; end: Date } {
  const { input, random } = context;
  const morning = new Date(Math.floor(input.dos.getTime() / DAY_MS) * DAY_MS - random.int(1, 3) * DAY_MS);
  const start = new Date(morning.getTime() - random.int(100, 150) * 60_000); // 21:30–22:20 the evening before
  const end = new Date(morning.getTime() + random.int(330, 420) * 60_000); // 05:30–07:00
  return { start, end };
}
