import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@portal/domain';
import { createSeededRandom, type SeededRandom } from './seeded-random';

export type DemoReportInput = {
  seed: number;
  documentType: string;
  serviceLine: string;
  clinicName: string;
  patient: { firstName: string; lastName: string; dob: Date | string; id: string };
  device: {
    manufacturer?: string | null;
    modelName?: string | null;
    serialNumber?: string | null;
    implantDate?: string | null;
    /** Lead configuration: 'No Leads', 'Single', 'Dual' or 'BiV' (SPEC §3). */
    chambers?: string | null;
  };
  dos: Date;
  alertText?: string | undefined;
  /** 1–12: a coversheet, a measurements page, then rhythm-strip pages. */
  pageCount: number;
};

export type Tone = 'normal' | 'warning' | 'alert';
export type Cell = { text: string; tone?: Tone };
/** A result shown as a tile on the coversheet. */
export type Highlight = { label: string; value: string; detail: string; tone: Tone };
export type Table = {
  title: string;
  columns: { title: string; width: number; align?: 'right' }[];
  rows: Cell[][];
};
export type Rhythm = 'sinus' | 'atrial-fibrillation' | 'atrial-fibrillation-onset';
export type StripSpec = {
  title: string;
  recordedAt: string;
  lead: string;
  rhythm: Rhythm;
  heartRate: number;
  duration: string;
  /** Scales the beat: leads and devices see the same heart at different sizes. */
  gain: number;
  interpretation: string;
  seed: number;
};

export type DemoReportContent = {
  typeLabel: string;
  serviceLineLabel: string;
  isAlert: boolean;
  alertText: string;
  patientLine: string;
  patientRows: [string, string][];
  deviceRows: [string, string][];
  transmissionRows: [string, string][];
  summary: string;
  measurementTitle: string;
  highlights: Highlight[];
  tables: Table[];
  findings: string[];
  presentingStrip: StripSpec;
  /** Three per page from page 3 on. */
  episodeStrips: StripSpec[];
};

export const STRIPS_PER_PAGE = 3;

const SERVICE_LINE_LABELS: Record<string, string> = {
  crm: 'Cardiac Rhythm Management',
  wcd: 'Ambulatory ECG Monitoring',
  rpm: 'Remote Patient Monitoring',
  abpm: 'Ambulatory Blood Pressure Monitoring',
  sleep: 'Sleep Medicine',
};

type DeviceKind = 'ILR' | 'PM' | 'ICD' | 'CRT-P' | 'CRT-D';
type LeadName = 'RA' | 'RV' | 'LV';

/** Everything the demo report says, decided up front from the seed so the drawing code only lays it out. */
export function buildDemoReportContent(input: DemoReportInput): DemoReportContent {
  const random = createSeededRandom(input.seed);
  const typeLabel = DOCUMENT_TYPE_LABELS[input.documentType as DocumentType] ?? input.documentType;
  const alertText = input.alertText?.trim() ?? '';
  const isAlert = alertText !== '';
  const afAlert = /\bA(F|T\/AF)\b|fibrillation/i.test(alertText);
  const impedanceAlert = /impedance/i.test(alertText);
  const gapAlert = /gap|no data|not received/i.test(alertText);
  const kind = deviceKindOf(input.device);
  const leads = leadsOf(input.device.chambers);
  const dos = formatDate(input.dos);
  const baseRate = random.int(58, 88);
  const previous = new Date(input.dos.getTime() - (input.documentType.includes('30') ? 30 : 91) * 86_400_000);
  const next = new Date(input.dos.getTime() + (input.documentType.includes('30') ? 30 : 91) * 86_400_000);
  const name = `${input.patient.lastName}, ${input.patient.firstName}`;
  const dob = formatDateText(input.patient.dob);

  const variant = measurementVariant(input.serviceLine);
  const { tables, findings, title, highlights } =
    variant === 'crm'
      ? deviceMeasurements(random, { kind, leads, impedanceAlert, afAlert, baseRate })
      : withHighlights(serviceMeasurements(random, variant, { afAlert, baseRate }));
  if (isAlert) findings.unshift(alertFinding(alertText, { afAlert, impedanceAlert, gapAlert }));
  findings.push(`Continue remote monitoring. Next scheduled transmission: ${formatDate(next)}.`);
  highlights.push(
    isAlert
      ? { label: 'Alert', value: 'Review', detail: 'Alert-triggered transmission', tone: 'alert' }
      : { label: 'Alerts', value: 'None', detail: 'Scheduled transmission', tone: 'normal' },
  );

  const lead = variant === 'crm' ? (kind === 'ILR' ? 'Subcutaneous ECG' : 'Far-field EGM') : 'ECG lead II';
  const stripCount = Math.max(0, input.pageCount - 2) * STRIPS_PER_PAGE;
  const time = (offsetSeconds: number) =>
    formatDateTime(new Date(input.dos.getTime() - offsetSeconds * 1000));
  const presentingStrip: StripSpec = {
    title: 'Presenting rhythm',
    recordedAt: time(0),
    lead,
    rhythm: afAlert && input.pageCount === 2 ? 'atrial-fibrillation-onset' : 'sinus',
    heartRate: baseRate,
    duration: '10 s',
    gain: 1,
    interpretation: afAlert && input.pageCount === 2 ? 'Onset of an irregular rhythm' : 'Sinus rhythm',
    seed: input.seed * 31 + 1,
  };
  const episodeStrips = Array.from({ length: stripCount }, (_unused, index): StripSpec => {
    const irregular = isAlert && afAlert && index % 3 === 0;
    const rate = irregular ? random.int(105, 150) : Math.max(48, baseRate + random.int(-12, 26));
    const episode = irregular
      ? 'AT/AF'
      : rate > 100
        ? 'High rate'
        : rate < 60
          ? 'Bradycardia'
          : random.pick(EPISODE_TITLES);
    return {
      title: `Episode ${index + 1}: ${episode}`,
      recordedAt: time(random.int(3_600, 80 * 86_400)),
      lead,
      rhythm: irregular ? (index === 0 ? 'atrial-fibrillation-onset' : 'atrial-fibrillation') : 'sinus',
      heartRate: rate,
      duration: irregular ? `${random.int(1, 9)} h ${random.int(1, 59)} min` : `${random.int(8, 180)} s`,
      gain: random.between(0.75, 1.15),
      interpretation: irregular
        ? 'Irregularly irregular rhythm without discernible P waves, consistent with AF'
        : rate > 100
          ? 'Sinus tachycardia'
          : rate < 60
            ? 'Sinus bradycardia'
            : 'Sinus rhythm',
      seed: input.seed * 31 + 2 + index,
    };
  });

  return {
    typeLabel,
    serviceLineLabel: SERVICE_LINE_LABELS[input.serviceLine] ?? 'Remote Monitoring',
    isAlert,
    alertText,
    patientLine: `${name}  ·  DOB ${dob}  ·  ID ${input.patient.id}  ·  Date of service ${dos}`,
    patientRows: [
      ['Name', name],
      ['Date of birth', dob],
      ['Patient ID', input.patient.id],
    ],
    deviceRows: [
      ['Manufacturer', input.device.manufacturer || 'Not reported'],
      ['Model', input.device.modelName || 'Not reported'],
      ['Serial number', input.device.serialNumber || 'Not reported'],
      ['Implant date', input.device.implantDate ? formatDateText(input.device.implantDate) : 'Not reported'],
      ['Leads', input.device.chambers || 'Not reported'],
    ],
    transmissionRows: [
      ['Date of service', dos],
      ['Transmission received', formatDateTime(input.dos)],
      ['Previous transmission', formatDate(previous)],
      ['Monitoring', isAlert ? 'Alert-triggered transmission' : 'Scheduled transmission'],
      ['Pages', String(input.pageCount)],
    ],
    summary: isAlert
      ? 'This transmission was triggered by a device alert. The alert, measurements and stored episodes are summarised on the following pages for physician review.'
      : 'Scheduled remote transmission. Measurements, stored episodes and rhythm strips are summarised on the following pages for physician review.',
    measurementTitle: title,
    highlights,
    tables,
    findings,
    presentingStrip,
    episodeStrips,
  };
}

const EPISODE_TITLES = ['Periodic EGM', 'Patient-activated', 'Sensing check'] as const;

type Measurements = { title: string; tables: Table[]; findings: string[]; highlights: Highlight[] };

function deviceMeasurements(
  random: SeededRandom,
  context: {
    kind: DeviceKind;
    leads: LeadName[];
    impedanceAlert: boolean;
    afAlert: boolean;
    baseRate: number;
  },
): Measurements {
  const { kind, leads, impedanceAlert, afAlert } = context;
  const highVoltage = kind === 'ICD' || kind === 'CRT-D';
  const voltage = highVoltage ? random.between(2.95, 3.2) : random.between(2.78, 3.1);
  const longevity = kind === 'ILR' ? random.between(1.5, 3.5, 1) : random.between(4, 12, 1);
  const battery: Table = {
    title: 'Battery',
    columns: [
      { title: 'Measurement', width: 0.4 },
      { title: 'Current', width: 0.2, align: 'right' },
      { title: 'Previous', width: 0.2, align: 'right' },
      { title: 'Status', width: 0.2 },
    ],
    rows: [
      [
        { text: 'Battery voltage' },
        { text: `${voltage.toFixed(2)} V` },
        { text: `${(voltage + random.between(0, 0.03)).toFixed(2)} V` },
        { text: 'OK', tone: 'normal' },
      ],
      [
        { text: 'Estimated longevity' },
        { text: `${longevity.toFixed(1)} years` },
        { text: `${(longevity + 0.2).toFixed(1)} years` },
        { text: longevity < 2 ? 'Monitor' : 'OK', tone: longevity < 2 ? 'warning' : 'normal' },
      ],
      ...(highVoltage
        ? [
            [
              { text: 'Last capacitor charge time' },
              { text: `${random.between(6.5, 9.5, 1).toFixed(1)} s` },
              { text: `${random.between(6.5, 9.5, 1).toFixed(1)} s` },
              { text: 'OK', tone: 'normal' as const },
            ],
          ]
        : []),
    ],
  };

  const tables: Table[] = [battery];
  const findings: string[] = [];
  if (leads.length > 0) {
    const leadRows = leads.map((lead): Cell[] => {
      const impedance = random.int(lead === 'LV' ? 520 : 380, lead === 'LV' ? 1050 : 780);
      const previousImpedance =
        lead === 'RV' && impedanceAlert ? Math.round(impedance / 1.38) : impedance + random.int(-25, 25);
      const changed = Math.abs(impedance - previousImpedance) / previousImpedance > 0.3;
      const sensing = lead === 'RA' ? random.between(1.5, 4.5, 1) : random.between(7, 20, 1);
      const threshold = random.between(lead === 'LV' ? 0.75 : 0.5, lead === 'LV' ? 1.75 : 1.25);
      return [
        { text: lead },
        { text: `${impedance} (${previousImpedance})` },
        { text: `${sensing.toFixed(1)} mV` },
        { text: `${threshold.toFixed(2)} V @ ${lead === 'LV' ? '0.5' : '0.4'} ms` },
        { text: changed ? 'Changed > 30%' : 'Stable', tone: changed ? 'alert' : 'normal' },
      ];
    });
    if (highVoltage) {
      leadRows.push([
        { text: 'HV' },
        { text: `${random.int(48, 75)} (${random.int(48, 75)})` },
        { text: '–' },
        { text: '–' },
        { text: 'Stable', tone: 'normal' },
      ]);
    }
    tables.push({
      title: 'Leads',
      columns: [
        { title: 'Lead', width: 0.12 },
        { title: 'Impedance, ohms (prev.)', width: 0.26, align: 'right' },
        { title: 'Sensing', width: 0.16, align: 'right' },
        { title: 'Pacing threshold', width: 0.24, align: 'right' },
        { title: 'Status', width: 0.22 },
      ],
      rows: leadRows,
    });
  } else {
    const rWave = random.between(0.25, 0.8);
    tables.push({
      title: 'Sensing',
      columns: [
        { title: 'Measurement', width: 0.4 },
        { title: 'Current', width: 0.2, align: 'right' },
        { title: 'Previous', width: 0.2, align: 'right' },
        { title: 'Status', width: 0.2 },
      ],
      rows: [
        [
          { text: 'R-wave amplitude' },
          { text: `${rWave.toFixed(2)} mV` },
          { text: `${(rWave + 0.02).toFixed(2)} mV` },
          { text: 'OK', tone: 'normal' },
        ],
        [{ text: 'Noise' }, { text: 'None' }, { text: 'None' }, { text: 'OK', tone: 'normal' }],
      ],
    });
  }

  const atrialPacing = leads.includes('RA') ? random.int(0, 65) : 0;
  const ventricularPacing = leads.includes('LV')
    ? random.int(93, 99)
    : leads.length > 0
      ? random.int(0, 30)
      : 0;
  const afBurden = afAlert ? random.between(25, 60, 1) : random.between(0, 1.5, 1);
  const atEpisodes = afAlert ? random.int(4, 12) : random.int(0, 2);
  const vtEpisodes = kind === 'ICD' || kind === 'CRT-D' ? random.int(0, 1) : 0;
  const counters: Cell[][] = [
    ...(leads.length > 0
      ? [
          [{ text: 'Atrial pacing' }, { text: `${atrialPacing} %` }],
          [
            { text: leads.includes('LV') ? 'Biventricular pacing' : 'Ventricular pacing' },
            { text: `${ventricularPacing} %` },
          ],
        ]
      : []),
    [{ text: 'AT/AF burden' }, { text: `${afBurden.toFixed(1)} %`, tone: afBurden > 5 ? 'alert' : 'normal' }],
    [{ text: 'AT/AF episodes' }, { text: String(atEpisodes) }],
    [{ text: kind === 'ILR' ? 'Pause episodes' : 'VT/VF episodes' }, { text: String(vtEpisodes) }],
    [{ text: 'Patient-activated episodes' }, { text: String(random.int(0, 3)) }],
  ];
  tables.push({
    title: 'Pacing and arrhythmia counters since the previous transmission',
    columns: [
      { title: 'Counter', width: 0.6 },
      { title: 'Value', width: 0.4, align: 'right' },
    ],
    rows: counters,
  });

  findings.push(
    `${kind === 'ILR' ? 'Insertable cardiac monitor' : kind} battery ${voltage.toFixed(2)} V, estimated longevity ${longevity.toFixed(1)} years; battery status OK.`,
    leads.length === 0
      ? 'Sensing is appropriate with no noise detected.'
      : impedanceAlert
        ? 'Lead measurements are stable except the RV lead impedance, which rose by more than 30% since the previous transmission.'
        : 'Lead impedances, sensing and pacing thresholds are within normal limits and stable compared with the previous transmission.',
    `AT/AF burden ${afBurden.toFixed(1)} % with ${atEpisodes} stored episode${atEpisodes === 1 ? '' : 's'}.${vtEpisodes === 0 ? ' No ventricular arrhythmias detected.' : ' One ventricular episode stored; EGMs reviewed.'}`,
  );
  const leadsChanged = impedanceAlert && leads.includes('RV');
  const highlights: Highlight[] = [
    { label: 'Battery', value: 'OK', detail: `${longevity.toFixed(1)} years remaining`, tone: 'normal' },
    leads.length === 0
      ? { label: 'Sensing', value: 'OK', detail: 'No noise detected', tone: 'normal' }
      : leadsChanged
        ? { label: 'Leads', value: 'Changed', detail: 'RV impedance > 30%', tone: 'alert' }
        : {
            label: 'Leads',
            value: 'Stable',
            detail: `${leads.length} lead${leads.length === 1 ? '' : 's'} within limits`,
            tone: 'normal',
          },
    {
      label: 'AT/AF burden',
      value: `${afBurden.toFixed(1)} %`,
      detail: `${atEpisodes} episode${atEpisodes === 1 ? '' : 's'}`,
      tone: afBurden > 5 ? 'alert' : 'normal',
    },
  ];
  return { title: 'Device measurements', tables, findings, highlights };
}

function serviceMeasurements(
  random: SeededRandom,
  variant: Exclude<ReturnType<typeof measurementVariant>, 'crm'>,
  context: { afAlert: boolean; baseRate: number },
): Omit<Measurements, 'highlights'> {
  const columns: Table['columns'] = [
    { title: 'Measurement', width: 0.55 },
    { title: 'Value', width: 0.25, align: 'right' },
    { title: 'Status', width: 0.2 },
  ];
  const ok = (label: string, value: string, flagged = false): Cell[] => [
    { text: label },
    { text: value },
    flagged ? { text: 'Review', tone: 'warning' } : { text: 'Normal', tone: 'normal' },
  ];
  if (variant === 'rpm') {
    const systolic = random.int(112, 152);
    const weight = random.between(58, 112, 1);
    return {
      title: 'Vital signs, 30-day summary',
      tables: [
        {
          title: 'Readings',
          columns,
          rows: [
            ok('Mean blood pressure', `${systolic}/${random.int(68, 92)} mmHg`, systolic > 140),
            ok('Mean heart rate', `${context.baseRate} bpm`),
            ok('Weight (change)', `${weight} kg (${random.between(-1.5, 1.5, 1)} kg)`),
            ok('Mean SpO2', `${random.int(93, 99)} %`),
            ok('Days with readings', `${random.int(16, 30)} of 30`),
          ],
        },
      ],
      findings: [
        `Mean blood pressure ${systolic > 140 ? 'above' : 'within'} target; weight stable; adherence adequate for RPM billing.`,
      ],
    };
  }
  if (variant === 'abpm') {
    const day = random.int(118, 150);
    const night = day - random.int(5, 22);
    const dipping = Math.round(((day - night) / day) * 100);
    return {
      title: 'Ambulatory blood pressure summary',
      tables: [
        {
          title: '24-hour profile',
          columns,
          rows: [
            ok('24-hour mean', `${Math.round((day * 2 + night) / 3)}/${random.int(70, 88)} mmHg`),
            ok('Daytime mean', `${day}/${random.int(72, 92)} mmHg`, day > 135),
            ok('Night-time mean', `${night}/${random.int(60, 78)} mmHg`, night > 120),
            ok('Nocturnal dipping', `${dipping} %`, dipping < 10),
            ok('Valid readings', `${random.int(82, 98)} %`),
          ],
        },
      ],
      findings: [
        `Daytime mean ${day} mmHg systolic; ${dipping < 10 ? 'non-dipping' : 'normal dipping'} pattern at night.`,
      ],
    };
  }
  if (variant === 'sleep') {
    const ahi = random.between(2, 38, 1);
    return {
      title: 'Sleep study summary',
      tables: [
        {
          title: 'Respiratory and oximetry indices',
          columns,
          rows: [
            ok('Apnea-hypopnea index', `${ahi} /h`, ahi >= 5),
            ok('Oxygen desaturation index', `${random.between(1, 30, 1)} /h`, ahi >= 15),
            ok('Mean SpO2', `${random.int(91, 97)} %`),
            ok('SpO2 nadir', `${random.int(76, 91)} %`, ahi >= 15),
            ok('Total recording time', `${random.between(5.5, 8.5, 1)} h`),
          ],
        },
      ],
      findings: [
        `AHI ${ahi} events per hour: ${ahi < 5 ? 'no' : ahi < 15 ? 'mild' : ahi < 30 ? 'moderate' : 'severe'} sleep-disordered breathing.`,
      ],
    };
  }
  const burden = context.afAlert ? random.between(10, 45, 1) : random.between(0, 2, 1);
  return {
    title: 'Ambulatory ECG summary',
    tables: [
      {
        title: 'Heart rate and ectopy',
        columns,
        rows: [
          ok(
            'Heart rate min / mean / max',
            `${context.baseRate - 14} / ${context.baseRate} / ${context.baseRate + random.int(45, 75)} bpm`,
          ),
          ok('Analysable time', `${random.int(92, 99)} %`),
          ok('Ventricular ectopy burden', `${random.between(0, 4, 1)} %`),
          ok('Supraventricular ectopy burden', `${random.between(0, 3, 1)} %`),
          ok('AF burden', `${burden} %`, burden > 5),
          ok('Longest pause', `${random.between(1.1, 2.4, 1)} s`),
        ],
      },
    ],
    findings: [`Predominant rhythm sinus; AF burden ${burden} %. No pauses longer than 3 seconds.`],
  };
}

/** The first three rows of the first table, as tiles. */
function withHighlights(measurements: Omit<Measurements, 'highlights'>): Measurements {
  const rows = measurements.tables[0]?.rows.slice(0, 3) ?? [];
  return {
    ...measurements,
    highlights: rows.map(([label, value, status]) => ({
      label: label?.text ?? '',
      value: value?.text ?? '',
      detail: status?.text ?? '',
      tone: status?.tone ?? 'normal',
    })),
  };
}

function alertFinding(
  alertText: string,
  kinds: { afAlert: boolean; impedanceAlert: boolean; gapAlert: boolean },
) {
  if (kinds.afAlert) {
    return `Alert: ${alertText}. The stored episode EGMs show an irregularly irregular rhythm without discernible P waves, consistent with atrial fibrillation with a rapid ventricular response.`;
  }
  if (kinds.impedanceAlert) {
    return `Alert: ${alertText}. Lead integrity should be evaluated at an in-clinic visit; no inappropriate therapy or oversensing was found.`;
  }
  if (kinds.gapAlert) {
    return `Alert: ${alertText}. The patient was contacted to check the home monitor; the transmission summarised here was received afterwards.`;
  }
  return `Alert: ${alertText}. Reviewed by device clinic staff; see the stored episodes below.`;
}

function measurementVariant(serviceLine: string): 'crm' | 'wcd' | 'rpm' | 'abpm' | 'sleep' {
  return serviceLine === 'wcd' || serviceLine === 'rpm' || serviceLine === 'abpm' || serviceLine === 'sleep'
    ? serviceLine
    : 'crm';
}

function deviceKindOf(device: DemoReportInput['device']): DeviceKind {
  const model = device.modelName ?? '';
  if (device.chambers === 'No Leads' || /LINQ|Reveal|Confirm|BioMonitor|LUX-Dx/i.test(model)) return 'ILR';
  const defibrillator = /ICD|CRT-D|defib/i.test(model);
  if (device.chambers === 'BiV') return defibrillator ? 'CRT-D' : 'CRT-P';
  return defibrillator ? 'ICD' : 'PM';
}

function leadsOf(chambers: string | null | undefined): LeadName[] {
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

const pad = (value: number) => String(value).padStart(2, '0');

/** MM/dd/yyyy in UTC (SPEC §9 'US date'), so the report reads the same on every server. */
export function formatDate(date: Date): string {
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** MM/dd/yyyy hh:mm:ss am (SPEC §9 'US'), UTC. */
function formatDateTime(date: Date): string {
  const hours = date.getUTCHours();
  return `${formatDate(date)} ${pad(hours % 12 || 12)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A Date or an ISO date ('1950-03-07…') as MM/dd/yyyy; any other text as given. */
function formatDateText(value: Date | string): string {
  if (value instanceof Date) return formatDate(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
}
