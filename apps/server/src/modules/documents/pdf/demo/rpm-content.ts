import type { DemoAlert } from './demo-alerts';
import type { MonitorKind } from './demo-devices';
import { DAY_MS, formatDate, formatShortDateTime, tablePages } from './demo-format';
import type { BodyContext, Cell, Highlight, ReportBody, Table } from './demo-report-types';
import type { SeededRandom } from './seeded-random';

// Remote patient monitoring: 30 days of readings from a home blood pressure cuff, scale or glucometer;
// no cardiac device, no ECG. An alert's reading is the period's last one, so the table shows it.

/** Days with readings needed in a 30-day period for the device-supply code 99454. */
export const RPM_BILLABLE_DAYS = 16;
export const RPM_PERIOD_DAYS = 30;

type HomeKind = Extract<MonitorKind, 'bp-cuff' | 'scale' | 'glucometer'>;
type Reading = { at: Date; values: number[]; context?: string };

export function buildRpmBody(context: BodyContext, kind: HomeKind): ReportBody {
  const { input, random, alert } = context;
  // The 30 calendar days before the date of service; readings by local habit (UTC here) within each day.
  const end = input.period?.end ?? input.dos;
  const start = startOfDay(
    input.period?.start ?? new Date(startOfDay(end).getTime() - RPM_PERIOD_DAYS * DAY_MS),
  );
  const days = Math.max(1, Math.round((startOfDay(end).getTime() - start.getTime()) / DAY_MS));
  const missedAtEnd = alert?.detail.kind === 'missed-readings' ? alert.detail.days : 0;
  const readingDays = pickReadingDays(random, days, missedAtEnd);
  const readings = generateReadings(random, kind, { start, readingDays, alert });
  const daysWithReadings = new Set(
    readings.map((reading) => Math.floor((reading.at.getTime() - start.getTime()) / DAY_MS)),
  ).size;
  const billable = daysWithReadings >= RPM_BILLABLE_DAYS;
  const adherence = `${daysWithReadings} of ${days}`;

  const { tables, findings, highlights, columns, rows, measures } = describeReadings(kind, readings, alert);
  findings.push(
    `Readings on ${adherence} days: ${billable ? 'meets' : 'does not meet'} the ${RPM_BILLABLE_DAYS}-day requirement for device supply (99454).`,
  );
  if (alert) findings.unshift(alertFinding(alert));
  highlights.push({
    label: 'Days with readings',
    value: adherence,
    detail: `${RPM_BILLABLE_DAYS} needed for 99454`,
    tone: billable ? 'normal' : 'warning',
  });

  const condition = { 'bp-cuff': 'I10', scale: 'I50.9', glucometer: 'E11.9' }[kind];
  const alertCode =
    alert?.detail.kind === 'glucose' ? (alert.detail.mgdl < 70 ? 'E11.649' : 'E11.65') : undefined;

  return {
    period: { start, end },
    // 99457: 20 minutes of management; 99454: device supply, only with 16 days of readings.
    cptCodes: billable ? ['99454', '99457'] : ['99457'],
    icd10Codes: alertCode ? [condition, alertCode] : [condition],
    deviceTitle: 'HOME DEVICE',
    deviceRows: [
      ['Manufacturer', input.device.manufacturer || 'Not reported'],
      ['Model', input.device.modelName || 'Not reported'],
      ['Serial number', input.device.serialNumber || 'Not reported'],
      ['Measures', measures],
      ['Connection', random.pick(['Cellular', 'Bluetooth, phone app'])],
    ],
    sessionTitle: 'MONITORING PERIOD',
    sessionRows: [
      ['Date of service', formatDate(input.dos)],
      ['Period', `${formatDate(start)} – ${formatDate(end)}`],
      ['Days with readings', adherence],
      ['Readings', String(readings.length)],
      ['Pages', String(input.pageCount)],
    ],
    measurementTitle: `Readings, ${days}-day summary`,
    tables,
    findings,
    highlights,
    presentingStrip: null,
    // Newest first: the alert's reading, and the latest ones, on top.
    laterPages: tablePages(
      'Readings',
      { title: 'Readings, newest first', columns },
      rows.reverse(),
      context.laterPageCount,
    ),
    summary: alert
      ? 'An out-of-range reading raised this alert. The reading, the period summary and every reading are on the following pages for physician review.'
      : 'Monthly remote patient monitoring summary. The period summary and every reading are on the following pages for physician review.',
    footnote:
      "Prepared from readings transmitted by the patient's home device. Clinical decisions rest with the reviewing physician.",
  };
}

const startOfDay = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);

/** Days (0 = the first of the period) with a reading: most days, none in the last `missedAtEnd`. */
function pickReadingDays(random: SeededRandom, days: number, missedAtEnd: number): number[] {
  const adherence = random.pick([0.95, 0.85, 0.75, 0.6, 0.45]);
  const chosen: number[] = [];
  for (let day = 0; day < days - missedAtEnd; day++)
    if (random.chance(adherence) || day === days - missedAtEnd - 1) chosen.push(day);
  return chosen;
}

function generateReadings(
  random: SeededRandom,
  kind: HomeKind,
  at: { start: Date; readingDays: number[]; alert: DemoAlert | undefined },
): Reading[] {
  const detail = at.alert?.detail;
  const readings: Reading[] = [];
  const time = (day: number, fromMinutes: number, toMinutes: number) =>
    new Date(at.start.getTime() + day * DAY_MS + random.int(fromMinutes, toMinutes) * 60_000);
  const noise = () => random.next() + random.next() - 1;
  if (kind === 'bp-cuff') {
    const systolic = random.int(118, 148);
    const diastolic = Math.round(systolic * random.between(0.55, 0.62));
    const pulse = random.int(60, 82);
    for (const day of at.readingDays) {
      readings.push({
        at: time(day, 6 * 60 + 30, 9 * 60),
        values: [
          systolic + Math.round(noise() * 12),
          diastolic + Math.round(noise() * 8),
          pulse + Math.round(noise() * 8),
        ],
      });
      if (random.chance(0.4))
        readings.push({
          at: time(day, 18 * 60, 21 * 60 + 30),
          values: [
            systolic - 4 + Math.round(noise() * 12),
            diastolic - 2 + Math.round(noise() * 8),
            pulse + Math.round(noise() * 8),
          ],
        });
    }
    const last = readings.at(-1);
    if (last && detail?.kind === 'blood-pressure')
      last.values = [detail.systolic, detail.diastolic, detail.pulse];
  } else if (kind === 'scale') {
    let weight =
      detail?.kind === 'weight-gain' ? detail.weightLb - detail.gainLb : random.between(140, 250, 1);
    const trend = random.between(-0.08, 0.05);
    for (const day of at.readingDays) {
      weight = Number((weight + trend + noise() * 0.6).toFixed(1));
      readings.push({ at: time(day, 6 * 60, 8 * 60 + 30), values: [weight] });
    }
    if (detail?.kind === 'weight-gain') {
      // The gain builds over its last days: the reading `days` before the last is the starting weight.
      const lastDay = at.readingDays.at(-1) ?? 0;
      for (const reading of readings) {
        const day = Math.floor((reading.at.getTime() - at.start.getTime()) / DAY_MS);
        const into = day - (lastDay - detail.days);
        if (into < 0) reading.values = [Number((detail.weightLb - detail.gainLb + noise() * 0.4).toFixed(1))];
        else
          reading.values = [
            Number((detail.weightLb - detail.gainLb + (detail.gainLb * into) / detail.days).toFixed(1)),
          ];
      }
    }
  } else {
    const fasting = random.int(96, 150);
    for (const day of at.readingDays) {
      readings.push({
        at: time(day, 6 * 60 + 30, 8 * 60),
        values: [fasting + Math.round(noise() * 20)],
        context: 'Fasting',
      });
      if (random.chance(0.6))
        readings.push({
          at: time(day, 13 * 60, 15 * 60),
          values: [fasting + 45 + Math.round(noise() * 35)],
          context: 'After lunch',
        });
      if (random.chance(0.5))
        readings.push({
          at: time(day, 21 * 60, 22 * 60 + 30),
          values: [fasting + 25 + Math.round(noise() * 30)],
          context: 'Bedtime',
        });
    }
    const last = readings.at(-1);
    if (last && detail?.kind === 'glucose') last.values = [detail.mgdl];
  }
  return readings;
}

function describeReadings(
  kind: HomeKind,
  readings: Reading[],
  alert: DemoAlert | undefined,
): {
  tables: Table[];
  findings: string[];
  highlights: Highlight[];
  columns: Table['columns'];
  rows: Cell[][];
  measures: string;
} {
  const mean = (values: number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const columns3: Table['columns'] = [
    { title: 'Measurement', width: 0.55 },
    { title: 'Value', width: 0.25, align: 'right' },
    { title: 'Status', width: 0.2 },
  ];
  const status = (flagged: boolean): Cell =>
    flagged ? { text: 'Review', tone: 'warning' } : { text: 'Normal', tone: 'normal' };
  const value = (reading: Reading, index: number) => reading.values[index] ?? 0;
  const latest = readings.at(-1);
  const alertRow = (reading: Reading) =>
    alert !== undefined && reading === latest && alert.detail.kind !== 'missed-readings';

  if (kind === 'bp-cuff') {
    const systolic = Math.round(mean(readings.map((reading) => value(reading, 0))));
    const diastolic = Math.round(mean(readings.map((reading) => value(reading, 1))));
    const highest = readings.reduce(
      (top, reading) => (value(reading, 0) > value(top, 0) ? reading : top),
      readings[0] ?? { at: new Date(0), values: [0, 0, 0] },
    );
    const lowest = readings.reduce(
      (low, reading) => (value(reading, 0) < value(low, 0) ? reading : low),
      readings[0] ?? { at: new Date(0), values: [0, 0, 0] },
    );
    const aboveLimit = readings.filter(
      (reading) => value(reading, 0) >= 140 || value(reading, 1) >= 90,
    ).length;
    const bp = (reading: Reading) => `${value(reading, 0)}/${value(reading, 1)} mmHg`;
    return {
      measures: 'Blood pressure and pulse',
      tables: [
        {
          title: 'Blood pressure',
          columns: columns3,
          rows: [
            [
              { text: 'Mean blood pressure' },
              { text: `${systolic}/${diastolic} mmHg` },
              status(systolic >= 135 || diastolic >= 85),
            ],
            [{ text: 'Highest reading' }, { text: bp(highest) }, status(value(highest, 0) >= 160)],
            [{ text: 'Lowest reading' }, { text: bp(lowest) }, status(value(lowest, 0) < 90)],
            [
              { text: 'Mean pulse' },
              { text: `${Math.round(mean(readings.map((reading) => value(reading, 2))))} bpm` },
              status(false),
            ],
            [
              { text: 'Readings at or above 140/90' },
              { text: `${aboveLimit} of ${readings.length}` },
              status(aboveLimit > readings.length / 4),
            ],
          ],
        },
      ],
      findings: [
        `Mean home blood pressure ${systolic}/${diastolic} mmHg over ${readings.length} readings (home target below 135/85); ${aboveLimit} at or above 140/90.`,
      ],
      highlights: [
        {
          label: 'Latest',
          value: latest ? bp(latest) : '–',
          detail: latest ? formatShortDateTime(latest.at) : 'No readings',
          tone:
            alert?.detail.kind === 'blood-pressure'
              ? alert.level === 'high'
                ? 'alert'
                : 'warning'
              : 'normal',
        },
        {
          label: 'Mean',
          value: `${systolic}/${diastolic}`,
          detail: 'mmHg, home target < 135/85',
          tone: systolic >= 135 || diastolic >= 85 ? 'warning' : 'normal',
        },
      ],
      columns: [
        { title: 'Time', width: 0.26 },
        { title: 'Blood pressure', width: 0.24, align: 'right' },
        { title: 'Pulse', width: 0.16, align: 'right' },
        { title: 'Flag', width: 0.34 },
      ],
      rows: readings.map((reading) => [
        { text: formatShortDateTime(reading.at) },
        { text: `${value(reading, 0)}/${value(reading, 1)}` },
        { text: `${value(reading, 2)} bpm` },
        alertRow(reading)
          ? { text: `Alert: ${alert?.level}`, tone: alert?.level === 'high' ? 'alert' : 'warning' }
          : value(reading, 0) >= 140 || value(reading, 1) >= 90
            ? { text: 'At or above 140/90', tone: 'warning' }
            : { text: '' },
      ]),
    };
  }
  if (kind === 'scale') {
    const first = value(readings[0] ?? { at: new Date(0), values: [0] }, 0);
    const last = latest ? value(latest, 0) : 0;
    let largestDayChange = 0;
    for (let index = 1; index < readings.length; index++) {
      const previous = readings[index - 1];
      const current = readings[index];
      if (previous && current && current.at.getTime() - previous.at.getTime() < 1.5 * DAY_MS)
        largestDayChange = Math.max(largestDayChange, value(current, 0) - value(previous, 0));
    }
    const change = Number((last - first).toFixed(1));
    const signed = (pounds: number) => `${pounds > 0 ? '+' : ''}${pounds.toFixed(1)} lb`;
    return {
      measures: 'Weight',
      tables: [
        {
          title: 'Weight',
          columns: columns3,
          rows: [
            [
              { text: 'Latest weight' },
              { text: `${last.toFixed(1)} lb` },
              status(alert?.detail.kind === 'weight-gain'),
            ],
            [{ text: 'Change over the period' }, { text: signed(change) }, status(change >= 5)],
            [
              { text: 'Largest day-to-day gain' },
              { text: signed(largestDayChange) },
              status(largestDayChange >= 3),
            ],
            [{ text: 'Readings' }, { text: String(readings.length) }, status(false)],
          ],
        },
      ],
      findings: [
        `Weight ${last.toFixed(1)} lb, ${signed(change)} over the period; largest day-to-day gain ${signed(largestDayChange)} (heart-failure action limits: 3 lb in a day, 5 lb in a week).`,
      ],
      highlights: [
        {
          label: 'Latest weight',
          value: `${last.toFixed(1)} lb`,
          detail: latest ? formatShortDateTime(latest.at) : 'No readings',
          tone:
            alert?.detail.kind === 'weight-gain' ? (alert.level === 'high' ? 'alert' : 'warning') : 'normal',
        },
        {
          label: 'Period change',
          value: signed(change),
          detail: `Largest daily gain ${signed(largestDayChange)}`,
          tone: change >= 5 || largestDayChange >= 3 ? 'warning' : 'normal',
        },
      ],
      columns: [
        { title: 'Time', width: 0.3 },
        { title: 'Weight', width: 0.22, align: 'right' },
        { title: 'Change', width: 0.18, align: 'right' },
        { title: 'Flag', width: 0.3 },
      ],
      rows: readings.map((reading, index) => {
        const previous = readings[index - 1];
        const delta = previous ? value(reading, 0) - value(previous, 0) : 0;
        return [
          { text: formatShortDateTime(reading.at) },
          { text: `${value(reading, 0).toFixed(1)} lb` },
          { text: previous ? signed(delta) : '–' },
          alertRow(reading)
            ? { text: `Alert: ${alert?.level}`, tone: alert?.level === 'high' ? 'alert' : 'warning' }
            : { text: '' },
        ];
      }),
    };
  }
  const values = readings.map((reading) => value(reading, 0));
  const fastingValues = readings
    .filter((reading) => reading.context === 'Fasting')
    .map((reading) => value(reading, 0));
  const below70 = values.filter((mgdl) => mgdl < 70).length;
  const above250 = values.filter((mgdl) => mgdl > 250).length;
  const meanGlucose = Math.round(mean(values));
  return {
    measures: 'Blood glucose',
    tables: [
      {
        title: 'Blood glucose',
        columns: columns3,
        rows: [
          [{ text: 'Mean glucose' }, { text: `${meanGlucose} mg/dL` }, status(meanGlucose > 180)],
          [
            { text: 'Mean fasting glucose' },
            { text: `${Math.round(mean(fastingValues))} mg/dL` },
            status(mean(fastingValues) > 130),
          ],
          [
            { text: 'Lowest / highest' },
            { text: `${Math.min(...values)} / ${Math.max(...values)} mg/dL` },
            status(Math.min(...values) < 70 || Math.max(...values) > 250),
          ],
          [{ text: 'Readings below 70 mg/dL' }, { text: String(below70) }, status(below70 > 0)],
          [{ text: 'Readings above 250 mg/dL' }, { text: String(above250) }, status(above250 > 0)],
        ],
      },
    ],
    findings: [
      `Mean glucose ${meanGlucose} mg/dL over ${readings.length} readings; ${below70} below 70 mg/dL and ${above250} above 250 mg/dL.`,
    ],
    highlights: [
      {
        label: 'Latest',
        value: latest ? `${value(latest, 0)} mg/dL` : '–',
        detail: latest ? `${latest.context ?? ''}, ${formatShortDateTime(latest.at)}` : 'No readings',
        tone: alert?.detail.kind === 'glucose' ? (alert.level === 'high' ? 'alert' : 'warning') : 'normal',
      },
      {
        label: 'Mean glucose',
        value: `${meanGlucose} mg/dL`,
        detail: `${below70} low, ${above250} high`,
        tone: below70 + above250 > 0 ? 'warning' : 'normal',
      },
    ],
    columns: [
      { title: 'Time', width: 0.28 },
      { title: 'Glucose', width: 0.2, align: 'right' },
      { title: 'When', width: 0.2 },
      { title: 'Flag', width: 0.32 },
    ],
    rows: readings.map((reading) => [
      { text: formatShortDateTime(reading.at) },
      { text: `${value(reading, 0)} mg/dL` },
      { text: reading.context ?? '' },
      alertRow(reading)
        ? { text: `Alert: ${alert?.level}`, tone: alert?.level === 'high' ? 'alert' : 'warning' }
        : value(reading, 0) < 70
          ? { text: 'Low', tone: 'warning' }
          : value(reading, 0) > 250
            ? { text: 'High', tone: 'warning' }
            : { text: '' },
    ]),
  };
}

function alertFinding(alert: DemoAlert): string {
  const lead = `Alert: ${alert.text}.`;
  switch (alert.detail.kind) {
    case 'blood-pressure':
      return alert.level === 'high'
        ? `${lead} Patient called the same day: asked about headache, chest pain and neurological symptoms; repeat reading and medication review.`
        : `${lead} Repeat reading requested; antihypertensive adherence reviewed.`;
    case 'weight-gain':
      return `${lead} Patient called about swelling, breathlessness and diuretic adherence; diuretic adjustment per heart-failure plan.`;
    case 'glucose':
      return alert.detail.mgdl < 70
        ? `${lead} Hypoglycemia: patient called, treatment with fast-acting carbohydrate confirmed; insulin or sulfonylurea dose to be reviewed.`
        : `${lead} Hyperglycemia: patient called about symptoms, hydration and missed doses; recheck in 2 hours.`;
    case 'missed-readings':
      return `${lead} Patient reminded to take daily readings; device connection checked.`;
    default:
      return lead;
  }
}
