import type { MonitorKind } from './demo-devices';
import {
  DAY_MS,
  episodePages,
  formatDate,
  formatDateTime,
  formatDuration,
  plural,
  thousands,
} from './demo-format';
import type { BodyContext, Cell, Highlight, ReportBody, StripSpec, Table } from './demo-report-types';

// Holter, extended Holter (patch), mobile cardiac telemetry and event monitoring: a worn ECG recorder,
// no implant. The summary is the ECG's (rates, ectopy, AF burden, pauses, symptoms); the later pages are
// rhythm strips.

type Study = {
  name: string;
  lead: string;
  /** Recording length in hours: [min, max]. */
  hours: [number, number];
};

const STUDIES: Record<string, Study> = {
  'holter-study': { name: 'Holter monitor, 3 channels', lead: 'Channel 1 (CM5)', hours: [24, 48] },
  'extended-holter-study': {
    name: 'Extended Holter, single-lead patch',
    lead: 'Patch ECG',
    hours: [72, 336],
  },
  'mcot-study': { name: 'Mobile cardiac telemetry', lead: 'MCT ECG, lead I', hours: [336, 720] },
  'we-study': { name: 'Wireless event monitor', lead: 'Event ECG, lead I', hours: [336, 720] },
};

const SYMPTOMS = ['Palpitations', 'Dizziness', 'Chest discomfort', 'Shortness of breath', 'Fatigue'] as const;

const columns: Table['columns'] = [
  { title: 'Measurement', width: 0.5 },
  { title: 'Value', width: 0.3, align: 'right' },
  { title: 'Status', width: 0.2 },
];
const row = (label: string, value: string, flagged = false): Cell[] => [
  { text: label },
  { text: value },
  flagged ? { text: 'Review', tone: 'warning' } : { text: 'Normal', tone: 'normal' },
];

export function buildEcgStudyBody(context: BodyContext, kind: MonitorKind): ReportBody {
  const { input, random } = context;
  const study =
    STUDIES[input.documentType] ?? STUDIES[studyTypeOfKind(kind)] ?? (STUDIES['holter-study'] as Study);
  const eventMonitor = input.documentType === 'we-study';
  const period = input.period ?? recordingPeriod(context, study);
  const hours = (period.end.getTime() - period.start.getTime()) / 3_600_000;

  const mean = random.int(62, 84);
  const min = Math.max(38, mean - random.int(14, 22));
  const max = Math.min(178, mean + random.int(48, 80));
  const hasAf = random.chance(0.2);
  const afBurden = hasAf ? random.between(1.5, 28, 1) : 0;
  const pvcBurden = random.between(0, random.chance(0.15) ? 12 : 3, 1);
  const pacBurden = random.between(0, 3, 1);
  const longestPause = random.chance(0.12) ? random.between(2.1, 2.9, 1) : random.between(1.2, 1.9, 1);
  const totalBeats = Math.round(mean * 60 * hours);
  const symptomEvents = random.int(eventMonitor ? 4 : 0, eventMonitor ? 14 : 6);
  const symptom = random.pick(SYMPTOMS);
  const autoAf = hasAf ? random.int(2, 18) : 0;
  // Auto-triggers fire only where the recording crossed their limits.
  const autoTachy = max > 150 ? random.int(1, 3) : 0;
  const autoBrady = min < 40 ? random.int(1, 2) : 0;

  const tables: Table[] = [];
  if (!eventMonitor) {
    tables.push({
      title: 'Heart rate and ectopy',
      columns,
      rows: [
        row('Recording time', formatDuration(period.end.getTime() - period.start.getTime())),
        row('Analysable time', `${random.int(92, 99)} %`),
        row('Heart rate min / mean / max', `${min} / ${mean} / ${max} bpm`, min < 40),
        row('Total beats', thousands(totalBeats)),
        row(
          'Ventricular ectopy (PVCs)',
          `${pvcBurden} % (${thousands(Math.round((totalBeats * pvcBurden) / 100))})`,
          pvcBurden > 10,
        ),
        row('Supraventricular ectopy', `${pacBurden} %`),
        row('AF burden', `${afBurden} %`, afBurden > 1),
        row('Longest pause', `${longestPause} s`, longestPause >= 3),
        row('Patient-triggered events', String(symptomEvents)),
      ],
    });
  }
  if (input.documentType === 'mcot-study' || eventMonitor) {
    tables.push({
      title: eventMonitor ? 'Recorded events' : 'Transmitted events',
      columns,
      rows: [
        row('Patient-triggered', `${symptomEvents}${symptomEvents > 0 ? ` (${symptom.toLowerCase()})` : ''}`),
        row('Auto-triggered: AF', String(autoAf), autoAf > 0),
        row('Auto-triggered: tachycardia (> 150 bpm)', String(autoTachy)),
        row('Auto-triggered: bradycardia (< 40 bpm)', String(autoBrady)),
        row('Auto-triggered: pause (> 3 s)', '0'),
        ...(eventMonitor
          ? [
              row('Heart rate range in events', `${min}–${max} bpm`),
              row(
                'Rhythm during symptoms',
                hasAf ? 'Sinus rhythm and AF' : 'Sinus rhythm, sinus tachycardia',
                hasAf,
              ),
            ]
          : []),
      ],
    });
  }

  // An event monitor keeps only the events, not the whole recording: no burdens, no longest pause.
  const findings = eventMonitor
    ? [
        `Recorded events show sinus rhythm at ${min}–${max} bpm.`,
        hasAf
          ? `Atrial fibrillation in ${plural(autoAf, 'auto-triggered event')}; review anticoagulation (CHA2DS2-VASc).`
          : 'No atrial fibrillation or flutter among the events.',
        'No pauses of 3 seconds or more, no bradycardia below 40 bpm, no ventricular tachycardia.',
      ]
    : [
        `Predominant rhythm sinus, mean heart rate ${mean} bpm (range ${min}–${max} bpm).`,
        hasAf
          ? `Paroxysmal atrial fibrillation, burden ${afBurden} %, ${plural(autoAf, 'episode')}; review anticoagulation (CHA2DS2-VASc).`
          : 'No atrial fibrillation or flutter.',
        `${pvcBurden > 10 ? 'Frequent' : 'Occasional'} PVCs (${pvcBurden} %) and ${pacBurden > 1 ? 'frequent' : 'rare'} PACs (${pacBurden} %). No sustained ventricular tachycardia.`,
        `Longest pause ${longestPause} s; no pauses of 3 seconds or more, no high-grade AV block.`,
      ];
  findings.push(
    symptomEvents === 0
      ? 'No symptoms reported during the recording.'
      : `${plural(symptomEvents, 'patient-triggered event')} (${symptom.toLowerCase()}) correlated with ${hasAf ? 'sinus rhythm and AF' : 'sinus rhythm or sinus tachycardia'}.`,
  );

  const highlights: Highlight[] = [
    {
      label: 'Heart rate',
      value: `${min}–${max} bpm`,
      detail: eventMonitor ? 'In recorded events' : `Mean ${mean} bpm`,
      tone: min < 40 ? 'warning' : 'normal',
    },
    eventMonitor
      ? {
          label: 'AF events',
          value: String(autoAf),
          detail: hasAf ? 'Auto-triggered' : 'No AF',
          tone: hasAf ? 'warning' : 'normal',
        }
      : {
          label: 'AF burden',
          value: `${afBurden} %`,
          detail: hasAf ? plural(autoAf, 'episode') : 'No AF',
          tone: afBurden > 1 ? 'warning' : 'normal',
        },
    eventMonitor
      ? {
          label: 'Events',
          value: String(symptomEvents + autoAf + autoTachy + autoBrady),
          detail: `${symptomEvents} patient-triggered`,
          tone: 'normal',
        }
      : { label: 'Longest pause', value: `${longestPause} s`, detail: 'None of 3 s or more', tone: 'normal' },
  ];

  // Strips: the maximum and minimum rates, AF if any, the longest pause, the symptoms reported and the
  // auto-triggered events counted above, then hourly samples. Each at a time of day that fits it.
  type PlannedStrip = Omit<StripSpec, 'seed' | 'gain' | 'lead' | 'recordedAt'> & { hours: [number, number] };
  const stripCount = context.laterPageCount * 3;
  const planned: PlannedStrip[] = [
    {
      title: 'Maximum heart rate',
      rhythm: 'sinus',
      heartRate: max,
      duration: '10 s',
      interpretation: 'Sinus tachycardia, during exertion',
      hours: [9, 18],
    },
    {
      title: 'Minimum heart rate',
      rhythm: 'sinus',
      heartRate: min,
      duration: '10 s',
      interpretation: 'Sinus bradycardia, during sleep',
      hours: [1, 5],
    },
  ];
  if (hasAf)
    planned.push({
      title: 'AF',
      rhythm: 'atrial-fibrillation-onset',
      heartRate: random.int(92, 128),
      duration: `${random.int(4, 180)} min`,
      interpretation: 'Onset of atrial fibrillation',
      hours: [0, 23],
    });
  if (longestPause >= 2 && !eventMonitor)
    planned.push({
      title: 'Longest pause',
      rhythm: 'pause',
      heartRate: mean,
      duration: `${longestPause} s`,
      interpretation: `Sinus pause of ${longestPause} s`,
      pauseSeconds: longestPause,
      hours: [0, 6],
    });
  for (let event = 0; event < symptomEvents; event++) {
    const rate = Math.min(max, mean + random.int(-5, 40));
    planned.push({
      title: `Patient-triggered: ${symptom.toLowerCase()}`,
      rhythm: 'sinus',
      heartRate: rate,
      duration: '30 s',
      interpretation: rate > 100 ? 'Sinus tachycardia' : 'Sinus rhythm',
      hours: [8, 22],
    });
  }
  for (let event = 1; event < autoAf; event++)
    planned.push({
      title: 'Auto-triggered: AF',
      rhythm: 'atrial-fibrillation',
      heartRate: random.int(88, 124),
      duration: `${random.int(2, 90)} min`,
      interpretation: 'Atrial fibrillation',
      hours: [0, 23],
    });
  for (let event = 0; event < autoTachy; event++)
    planned.push({
      title: 'Auto-triggered: tachycardia',
      rhythm: 'sinus',
      heartRate: random.int(151, max),
      duration: `${random.int(20, 90)} s`,
      interpretation: 'Sinus tachycardia',
      hours: [9, 19],
    });
  while (planned.length < stripCount) {
    const rate = mean + random.int(-6, 12);
    planned.push({
      title: 'Sample strip',
      rhythm: 'sinus',
      heartRate: rate,
      duration: '10 s',
      interpretation: rate < 60 ? 'Sinus bradycardia' : 'Sinus rhythm',
      hours: [0, 23],
    });
  }
  const spanMs = period.end.getTime() - period.start.getTime();
  const firstDay = Math.floor(period.start.getTime() / DAY_MS) * DAY_MS;
  const strips = planned.slice(0, stripCount).map(({ hours: [from, to], ...strip }, index): StripSpec => {
    // A day of the recording, at an hour that fits the strip, kept within the recording.
    const candidate =
      firstDay +
      random.int(0, Math.floor(spanMs / DAY_MS)) * DAY_MS +
      random.int(from * 60, to * 60 + 59) * 60_000;
    const at = Math.min(period.end.getTime() - 60_000, Math.max(period.start.getTime() + 60_000, candidate));
    return {
      ...strip,
      title: `Strip ${index + 1}: ${strip.title}`,
      lead: study.lead,
      recordedAt: formatDateTime(new Date(at)),
      gain: random.between(0.85, 1.1),
      seed: input.seed * 31 + 2 + index,
    };
  });

  const indication = random.pick(INDICATIONS);
  const icd10Codes: string[] = [indication.code];
  if (hasAf && indication.code !== 'I48.91') icd10Codes.push('I48.0');

  return {
    period,
    cptCodes: [cptCodeOf(input.documentType, spanMs)],
    icd10Codes,
    deviceTitle: 'MONITOR',
    deviceRows: [
      ['Manufacturer', input.device.manufacturer || 'Not reported'],
      ['Model', input.device.modelName || 'Not reported'],
      ['Serial number', input.device.serialNumber || 'Not reported'],
      ['Monitor type', study.name],
      ['Worn for', formatDuration(spanMs)],
    ],
    sessionTitle: 'STUDY',
    sessionRows: [
      ['Date of service', formatDate(input.dos)],
      ['Recording start', formatDateTime(period.start)],
      ['Recording end', formatDateTime(period.end)],
      ['Indication', indication.name],
      ['Pages', String(input.pageCount)],
    ],
    measurementTitle: 'Ambulatory ECG summary',
    tables,
    findings,
    highlights,
    presentingStrip: {
      title: 'Representative rhythm',
      recordedAt: formatDateTime(new Date(period.start.getTime() + spanMs / 3)),
      lead: study.lead,
      rhythm: 'sinus',
      heartRate: mean,
      duration: '10 s',
      gain: 1,
      interpretation: 'Sinus rhythm',
      seed: input.seed * 31 + 1,
    },
    laterPages: episodePages('Rhythm strips', strips, context.laterPageCount),
    summary: `${study.name} recording of ${formatDuration(spanMs)}. Rates, ectopy, arrhythmias and symptom events are summarised on the following pages for physician review.`,
    footnote:
      'Prepared from the recorded ECG by the monitoring service. Clinical decisions rest with the reviewing physician.',
  };
}

const INDICATIONS = [
  { name: 'Palpitations', code: 'R00.2' },
  { name: 'Syncope', code: 'R55' },
  { name: 'Dizziness', code: 'R42' },
  { name: 'AF surveillance', code: 'I48.91' },
  { name: 'Cryptogenic stroke', code: 'I63.9' },
] as const;

/** Holter up to 48 h 93224; patch > 48 h to 7 days 93241, 8–15 days 93245; MCT 93228; event monitor 93272. */
function cptCodeOf(documentType: string, spanMs: number): string {
  switch (documentType) {
    case 'extended-holter-study':
      return spanMs <= 7 * DAY_MS ? '93241' : '93245';
    case 'mcot-study':
      return '93228';
    case 'we-study':
      return '93272';
    default:
      return '93224';
  }
}

function studyTypeOfKind(kind: MonitorKind): string {
  return kind === 'ecg-patch'
    ? 'extended-holter-study'
    : kind === 'mct-monitor'
      ? 'mcot-study'
      : kind === 'event-monitor'
        ? 'we-study'
        : 'holter-study';
}

/** The recording ended a day or two before the report's date of service. */
function recordingPeriod(context: BodyContext, study: Study): { start: Date; end: Date } {
  const { input, random } = context;
  const end = new Date(input.dos.getTime() - random.int(1, 2) * DAY_MS - random.int(0, 12) * 3_600_000);
  const hours =
    study.hours[0] === 24 ? random.pick([24, 48]) : random.int(study.hours[0] / 24, study.hours[1] / 24) * 24;
  return { start: new Date(end.getTime() - hours * 3_600_000), end };
}
