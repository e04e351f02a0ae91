import type { DemoAlert, DemoAlertDetail } from './demo-alerts';
import {
  ERI_YEARS,
  hasDefibrillator,
  type ImplantFamily,
  type LeadName,
  leadsOf,
  nominalLongevityOf,
  remainingLongevityYears,
} from './demo-devices';
import { DAY_MS, episodePages, formatDate, formatDateText, formatDateTime, plural } from './demo-format';
import type {
  BodyContext,
  Cell,
  Highlight,
  ReportBody,
  Rhythm,
  StripSpec,
  Table,
  Tone,
} from './demo-report-types';
import type { SeededRandom } from './seeded-random';

// Remote and in-person reports of implanted devices: battery, leads (pacemakers and defibrillators) or
// sensing (loop recorders), arrhythmia counters, and stored episodes as EGM strips. Reference values as
// in the GUIDE: impedance 300–1000 ohms (critical outside 250–1500), capture threshold ≤ 1.5 V (critical
// ≥ 2.0 V), AT/AF burden ≤ 1 % (critical > 5 %); remote schedule 91 days, loop recorders 31 days.

const SCHEDULE_DAYS: Record<ImplantFamily, number> = { ILR: 31, PM: 91, ICD: 91, 'CRT-P': 91, 'CRT-D': 91 };
const THRESHOLD_STEPS = [0.5, 0.625, 0.75, 0.875, 1.0, 1.125, 1.25] as const;

export const FAMILY_NAMES: Record<ImplantFamily, string> = {
  ILR: 'Insertable cardiac monitor',
  PM: 'Pacemaker',
  ICD: 'ICD',
  'CRT-P': 'CRT pacemaker',
  'CRT-D': 'CRT defibrillator',
};

export function buildCrmBody(context: BodyContext, family: ImplantFamily): ReportBody {
  const { input, random, alert } = context;
  const detail = alert?.detail;
  const inPerson = input.documentType === 'in-person-device-check';
  const leads = family === 'ILR' ? [] : leadsOf(input.device.chambers);
  const highVoltage = hasDefibrillator(family);
  const baseRate = random.int(60, 84);
  const schedule = SCHEDULE_DAYS[family];

  // Battery: from the implant date and the model's nominal life, so a report and its alert agree.
  const nominal = nominalLongevityOf(input.device);
  const computed = remainingLongevityYears(input.device, input.dos);
  const atEri = detail?.kind === 'battery-eri' || (computed !== null && computed <= ERI_YEARS);
  const remaining = atEri
    ? ERI_YEARS
    : Math.max(ERI_YEARS + 0.1, computed ?? random.between(nominal * 0.4, nominal * 0.9, 1));
  const battery = batteryTable(random, { family, highVoltage, atEri, remaining });

  const tables: Table[] = [battery];
  const leadCheck = leads.length > 0 ? leadTable(random, leads, { highVoltage, detail }) : null;
  const rWave = random.between(0.25, 0.8);
  tables.push(leadCheck ? leadCheck.table : sensingTable(rWave));

  const counters = counterTable(random, { family, leads, detail });
  tables.push(counters.table);

  const findings: string[] = [];
  if (alert) findings.push(alertFinding(alert, family));
  findings.push(
    `${FAMILY_NAMES[family]} battery ${atEri ? 'at ERI: schedule a generator change within 3 months' : `OK, estimated longevity ${remaining.toFixed(1)} years`}.`,
    leadCheck
      ? leadCheck.summary
      : `R-wave amplitude ${rWave.toFixed(2)} mV; sensing appropriate with no noise or undersensing.`,
    counters.summary,
  );
  const next = new Date(input.dos.getTime() + schedule * DAY_MS);
  findings.push(
    inPerson
      ? `Device function appropriate; no programming changes. Next remote transmission ${formatDate(next)}.`
      : `Continue remote monitoring. Next scheduled transmission: ${formatDate(next)}.`,
  );

  const highlights: Highlight[] = [
    {
      label: 'Battery',
      value: atEri ? 'ERI' : 'OK',
      detail: atEri ? 'Replace within 3 months' : `${remaining.toFixed(1)} years remaining`,
      tone: atEri ? 'warning' : 'normal',
    },
    leadCheck?.highlight ?? {
      label: 'Sensing',
      value: 'OK',
      detail: `R wave ${rWave.toFixed(2)} mV, no noise`,
      tone: 'normal',
    },
    counters.highlight,
  ];

  // Strips: the alert's episode first, then the stored episodes the counters mention.
  const lead =
    family === 'ILR' ? 'Subcutaneous ECG' : highVoltage ? 'Shock EGM (can to RV coil)' : 'Far-field EGM';
  const alertStrip = alertEpisode(context, { lead, baseRate, detail });
  const stripCount = context.laterPageCount * 3;
  const strips: StripSpec[] = [];
  if (alertStrip) strips.push({ ...alertStrip, title: `Episode 1: ${alertStrip.title}` });
  let afShown = 0;
  while (strips.length < stripCount) {
    const index = strips.length;
    const storedAf =
      counters.afEpisodes > afShown && (detail?.kind === 'af' ? index % 3 === 0 : afShown === 0);
    if (storedAf) afShown++;
    strips.push(
      storedAf
        ? afStrip(context, {
            index,
            lead,
            onset: index === 0,
            rate: detail?.kind === 'af' ? detail.ventricularRate : random.int(84, 112),
            long: detail?.kind === 'af',
          })
        : routineStrip(context, { index, lead, baseRate, family }),
    );
  }

  const received = formatDateTime(input.dos);
  const previous = new Date(input.dos.getTime() - schedule * DAY_MS);
  const sessionRows: [string, string][] = inPerson
    ? [
        ['Date of service', formatDate(input.dos)],
        ['Interrogation', `In clinic, ${received}`],
        [
          'Reason',
          random.pick(['Routine follow-up', 'Routine follow-up', 'Post-implant check', 'Symptom check']),
        ],
        ['Last remote transmission', formatDate(new Date(input.dos.getTime() - random.int(20, 80) * DAY_MS))],
        ['Pages', String(input.pageCount)],
      ]
    : [
        ['Date of service', formatDate(input.dos)],
        ['Transmission received', received],
        ['Previous transmission', formatDate(previous)],
        ['Monitoring', alert ? 'Alert-triggered transmission' : `Scheduled, every ${schedule} days`],
        ['Pages', String(input.pageCount)],
      ];

  const coding = crmCoding(random, { family, documentType: input.documentType, detail });
  const periodDays = input.documentType === 'FileMaker-30-day-ILR-Report' || family === 'ILR' ? 30 : 90;
  const remote = !inPerson && !alert;

  return {
    period:
      input.period ??
      (remote ? { start: new Date(input.dos.getTime() - periodDays * DAY_MS), end: input.dos } : null),
    ...coding,
    deviceTitle: 'DEVICE',
    deviceRows: [
      ['Manufacturer', input.device.manufacturer || 'Not reported'],
      ['Model', input.device.modelName || 'Not reported'],
      ['Serial number', input.device.serialNumber || 'Not reported'],
      ['Implant date', input.device.implantDate ? formatDateText(input.device.implantDate) : 'Not reported'],
      ['Leads', leads.length === 0 ? 'No Leads' : `${input.device.chambers ?? 'Dual'} (${leads.join(', ')})`],
    ],
    sessionTitle: inPerson ? 'VISIT' : 'TRANSMISSION',
    sessionRows,
    measurementTitle: 'Device measurements',
    tables,
    findings,
    highlights,
    presentingStrip:
      context.laterPageCount === 0 && alertStrip
        ? { ...alertStrip, title: `Alert episode: ${alertStrip.title}` }
        : {
            title: 'Presenting rhythm',
            recordedAt: context.before(0),
            lead,
            rhythm: 'sinus',
            heartRate: baseRate,
            duration: '10 s',
            gain: 1,
            interpretation: family === 'ILR' ? 'Sinus rhythm' : 'Sinus rhythm, intrinsic conduction',
            seed: input.seed * 31 + 1,
          },
    laterPages: episodePages('Stored episodes', strips, context.laterPageCount),
    summary: inPerson
      ? 'In-clinic interrogation. Battery, lead measurements and stored episodes are summarised on the following pages for physician review.'
      : alert
        ? 'This transmission was triggered by a device alert. The alert, measurements and stored episodes are summarised on the following pages for physician review.'
        : 'Scheduled remote transmission. Measurements, stored episodes and EGM strips are summarised on the following pages for physician review.',
    footnote: inPerson
      ? 'Prepared from the in-clinic device interrogation. Clinical decisions rest with the reviewing physician.'
      : 'Prepared from remotely transmitted data by the device clinic. Clinical decisions rest with the reviewing physician.',
  };
}

function batteryTable(
  random: SeededRandom,
  device: { family: ImplantFamily; highVoltage: boolean; atEri: boolean; remaining: number },
): Table {
  const { family, highVoltage, atEri, remaining } = device;
  const status: Cell = atEri ? { text: 'ERI', tone: 'warning' } : { text: 'OK', tone: 'normal' };
  const rows: Cell[][] = [];
  if (family !== 'ILR') {
    const voltage = atEri
      ? random.between(highVoltage ? 2.7 : 2.58, highVoltage ? 2.74 : 2.62)
      : random.between(highVoltage ? 2.95 : 2.78, highVoltage ? 3.15 : 3.05);
    rows.push([
      { text: 'Battery voltage' },
      { text: `${voltage.toFixed(2)} V` },
      { text: `${(voltage + random.between(0.005, 0.03)).toFixed(2)} V` },
      status,
    ]);
  } else {
    rows.push([{ text: 'Battery status' }, { text: atEri ? 'ERI' : 'OK' }, { text: 'OK' }, status]);
  }
  rows.push([
    { text: 'Estimated longevity' },
    { text: atEri ? '< 3 months' : `${remaining.toFixed(1)} years` },
    { text: atEri ? '0.5 years' : `${(remaining + 0.2).toFixed(1)} years` },
    status,
  ]);
  if (highVoltage) {
    const charge = atEri ? random.between(10.5, 12.5, 1) : random.between(6.5, 9.5, 1);
    rows.push([
      { text: 'Last capacitor charge time' },
      { text: `${charge.toFixed(1)} s` },
      { text: `${random.between(6.5, 9.5, 1).toFixed(1)} s` },
      charge > 10 ? { text: 'Prolonged', tone: 'warning' } : { text: 'OK', tone: 'normal' },
    ]);
  }
  return {
    title: 'Battery',
    columns: [
      { title: 'Measurement', width: 0.4 },
      { title: 'Current', width: 0.2, align: 'right' },
      { title: 'Previous', width: 0.2, align: 'right' },
      { title: 'Status', width: 0.2 },
    ],
    rows,
  };
}

function sensingTable(rWave: number): Table {
  return {
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
  };
}

const volts = (value: number) => `${Number(value.toFixed(3))} V`;

/** The status of one lead from the GUIDE's ranges. */
export function leadStatus(ohms: number, thresholdVolts: number): Cell {
  if (ohms < 250 || ohms > 1500) return { text: 'Critical impedance', tone: 'alert' };
  if (thresholdVolts >= 2) return { text: 'Critical threshold', tone: 'alert' };
  if (ohms < 300 || ohms > 1000) return { text: 'Impedance out of range', tone: 'warning' };
  if (thresholdVolts > 1.5) return { text: 'High threshold', tone: 'warning' };
  return { text: 'Stable', tone: 'normal' };
}

function leadTable(
  random: SeededRandom,
  leads: LeadName[],
  context: { highVoltage: boolean; detail: DemoAlertDetail | undefined },
): { table: Table; summary: string; highlight: Highlight } {
  const { detail } = context;
  const problems: string[] = [];
  let worst: Tone = 'normal';
  const rows = leads.map((lead): Cell[] => {
    let ohms = random.int(lead === 'LV' ? 430 : 380, lead === 'LV' ? 960 : 760);
    let previousOhms = Math.min(990, Math.max(310, ohms + random.int(-30, 30)));
    if (detail?.kind === 'lead-impedance' && detail.lead === lead) {
      ohms = detail.ohms;
      previousOhms = detail.previousOhms;
    }
    const steps: readonly number[] =
      lead === 'LV' ? [...THRESHOLD_STEPS.slice(2), 1.375, 1.5] : THRESHOLD_STEPS;
    let threshold: number = random.pick(steps);
    // Thresholds are steady from one transmission to the next: the same or one step away.
    const stepIndex = steps.indexOf(threshold);
    let previousThreshold: number =
      steps[Math.min(steps.length - 1, Math.max(0, stepIndex + random.int(-1, 1)))] ?? threshold;
    if (detail?.kind === 'pacing-threshold' && detail.lead === lead) {
      threshold = detail.volts;
      previousThreshold = detail.previousVolts;
    }
    const pulseWidth = lead === 'LV' ? 0.5 : 0.4;
    const sensing = lead === 'RA' ? random.between(1.5, 4.5, 1) : random.between(7, 20, 1);
    const status = leadStatus(ohms, threshold);
    if (status.tone !== 'normal') {
      problems.push(`${lead} ${status.text.toLowerCase()} (${ohms} ohms, ${volts(threshold)})`);
      if (status.tone === 'alert' || worst === 'normal') worst = status.tone ?? 'normal';
    }
    return [
      { text: lead },
      { text: `${ohms} (${previousOhms})`, ...(ohms < 300 || ohms > 1000 ? { tone: status.tone } : {}) },
      { text: `${sensing.toFixed(1)} mV` },
      {
        text: `${volts(threshold)} @ ${pulseWidth} ms (${volts(previousThreshold)})`,
        ...(threshold > 1.5 ? { tone: status.tone } : {}),
      },
      status,
    ];
  });
  if (context.highVoltage) {
    rows.push([
      { text: 'HV (shock)' },
      { text: `${random.int(48, 75)} (${random.int(48, 75)})` },
      { text: '–' },
      { text: '–' },
      { text: 'Stable', tone: 'normal' },
    ]);
  }
  const problemLead =
    detail?.kind === 'lead-impedance' || detail?.kind === 'pacing-threshold' ? detail.lead : null;
  return {
    table: {
      title: 'Leads',
      columns: [
        { title: 'Lead', width: 0.12 },
        { title: 'Impedance, ohms (prev.)', width: 0.22, align: 'right' },
        { title: 'Sensing', width: 0.13, align: 'right' },
        { title: 'Capture threshold (prev.)', width: 0.3, align: 'right' },
        { title: 'Status', width: 0.23 },
      ],
      rows,
    },
    summary:
      problems.length === 0
        ? 'Lead impedances, sensing and capture thresholds are within normal limits and stable.'
        : `Lead measurements outside the normal range: ${problems.join('; ')}. The other leads are stable.`,
    highlight:
      problems.length === 0
        ? {
            label: 'Leads',
            value: 'Stable',
            detail: `${plural(leads.length, 'lead')} within limits`,
            tone: 'normal',
          }
        : {
            label: 'Leads',
            value: detail?.kind === 'pacing-threshold' ? 'High threshold' : 'Out of range',
            detail: problemLead ? `${problemLead} lead` : (problems[0] ?? ''),
            tone: worst,
          },
  };
}

function counterTable(
  random: SeededRandom,
  context: { family: ImplantFamily; leads: LeadName[]; detail: DemoAlertDetail | undefined },
): { table: Table; summary: string; highlight: Highlight; afEpisodes: number } {
  const { family, leads, detail } = context;
  const ilr = family === 'ILR';
  // An AF alert is about one day's burden; over the whole period since the last transmission it is lower.
  const dailyBurden = detail?.kind === 'af' ? detail.burdenPercent : null;
  const burden =
    dailyBurden !== null
      ? Math.max(0.1, Number((dailyBurden * random.between(0.08, 0.45)).toFixed(1)))
      : random.chance(0.7)
        ? 0
        : random.between(0.1, 0.9, 1);
  const afEpisodes = burden === 0 ? 0 : dailyBurden !== null ? random.int(3, 14) : random.int(1, 4);
  const toneOf = (percent: number): Tone => (percent > 5 ? 'alert' : percent > 1 ? 'warning' : 'normal');
  const burdenTone = toneOf(burden);
  const afName = ilr ? 'AF' : 'AT/AF';
  const count = (kind: DemoAlertDetail['kind'], low: number, high: number) =>
    detail?.kind === kind ? random.int(Math.max(1, low), Math.max(1, high)) : 0;

  const rows: Cell[][] = [];
  if (!ilr) {
    if (leads.includes('RA'))
      rows.push([
        { text: 'Atrial pacing' },
        { text: `${random.int(0, hasDefibrillator(family) ? 15 : 65)} %` },
      ]);
    if (leads.includes('LV')) {
      const biv = detail?.kind === 'crt-pacing' ? detail.percent : random.between(97.5, 99.8, 1);
      rows.push([
        { text: 'Biventricular pacing' },
        { text: `${biv} %`, tone: biv < 90 ? 'alert' : biv < 98 ? 'warning' : 'normal' },
      ]);
    } else {
      rows.push([
        { text: 'Ventricular pacing' },
        { text: `${hasDefibrillator(family) ? random.int(0, 5) : random.int(1, 96)} %` },
      ]);
    }
  }
  rows.push([{ text: `${afName} burden` }, { text: `${burden.toFixed(1)} %`, tone: burdenTone }]);
  if (dailyBurden !== null)
    rows.push([
      { text: `${afName} burden, highest 24 h` },
      { text: `${dailyBurden.toFixed(1)} %`, tone: toneOf(dailyBurden) },
    ]);
  rows.push([{ text: `${afName} episodes` }, { text: String(afEpisodes) }]);
  let ventricularSummary = '';
  if (ilr) {
    const pauses = count('pause', 1, 2);
    const bradys = count('bradycardia', 1, 3);
    const tachys = count('tachycardia', 1, 3);
    rows.push(
      [
        { text: 'Pause episodes (> 3 s)' },
        { text: String(pauses), ...(pauses > 0 ? { tone: 'alert' } : {}) },
      ],
      [{ text: 'Bradycardia episodes (< 40 bpm)' }, { text: String(bradys) }],
      [{ text: 'Tachycardia episodes (> 167 bpm)' }, { text: String(tachys) }],
    );
    ventricularSummary =
      pauses + bradys + tachys === 0 ? ' No pauses, bradycardia or tachycardia episodes.' : '';
  } else {
    const nsvt = count('ventricular-high-rate', 1, 3);
    rows.push([
      { text: hasDefibrillator(family) ? 'Non-sustained VT episodes' : 'Ventricular high-rate episodes' },
      { text: String(nsvt) },
    ]);
    if (hasDefibrillator(family)) {
      const therapy = detail?.kind === 'ventricular-therapy' ? detail : null;
      rows.push(
        [
          { text: 'Treated VT/VF episodes' },
          { text: therapy ? '1' : '0', ...(therapy ? { tone: 'alert' } : {}) },
        ],
        [{ text: 'ATP delivered' }, { text: therapy?.therapy === 'ATP' ? '1' : '0' }],
        [{ text: 'Shocks delivered' }, { text: therapy?.therapy === 'shock' ? '1' : '0' }],
      );
      ventricularSummary = therapy
        ? therapy.therapy === 'shock'
          ? ` One ${therapy.rhythm} episode treated with one ${therapy.joules} J shock.`
          : ` One ${therapy.rhythm} episode terminated by ATP; no shocks.`
        : nsvt > 0
          ? ` ${plural(nsvt, 'non-sustained VT episode')}; no therapies.`
          : ' No ventricular arrhythmias; no therapies.';
    } else {
      ventricularSummary = nsvt > 0 ? ` ${plural(nsvt, 'ventricular high-rate episode')} (NSVT).` : '';
    }
  }
  rows.push([{ text: 'Patient-activated episodes' }, { text: String(random.int(0, 3)) }]);

  const highlight: Highlight =
    detail?.kind === 'ventricular-therapy'
      ? {
          label: 'Therapies',
          value: detail.therapy === 'shock' ? '1 shock' : '1 ATP',
          detail: `${detail.rhythm} at ${detail.rate} bpm`,
          tone: detail.therapy === 'shock' ? 'alert' : 'warning',
        }
      : detail?.kind === 'pause'
        ? {
            label: 'Longest pause',
            value: `${detail.seconds.toFixed(1)} s`,
            detail: 'Detection 3 s',
            tone: 'alert',
          }
        : detail?.kind === 'bradycardia'
          ? {
              label: 'Slowest rate',
              value: `${detail.rate} bpm`,
              detail: `For ${detail.seconds} s`,
              tone: 'warning',
            }
          : detail?.kind === 'tachycardia'
            ? {
                label: 'Fastest rate',
                value: `${detail.rate} bpm`,
                detail: `For ${detail.seconds} s`,
                tone: 'warning',
              }
            : detail?.kind === 'crt-pacing'
              ? {
                  label: 'BiV pacing',
                  value: `${detail.percent} %`,
                  detail: 'Target 98 % or more',
                  tone: 'warning',
                }
              : dailyBurden !== null
                ? {
                    label: `${afName} burden, 24 h`,
                    value: `${dailyBurden.toFixed(1)} %`,
                    detail: `${burden.toFixed(1)} % since last, ${plural(afEpisodes, 'episode')}`,
                    tone: toneOf(dailyBurden),
                  }
                : {
                    label: `${afName} burden`,
                    value: `${burden.toFixed(1)} %`,
                    detail: plural(afEpisodes, 'episode'),
                    tone: burdenTone,
                  };
  return {
    table: {
      title: ilr
        ? 'Arrhythmia counters since the previous transmission'
        : 'Arrhythmia and pacing counters since the previous transmission',
      columns: [
        { title: 'Counter', width: 0.6 },
        { title: 'Value', width: 0.4, align: 'right' },
      ],
      rows,
    },
    summary: `${afName} burden ${burden.toFixed(1)} % since the previous transmission${dailyBurden !== null ? ` (highest 24 h: ${dailyBurden.toFixed(1)} %)` : ''} with ${plural(afEpisodes, 'stored episode')}.${ventricularSummary}`,
    highlight,
    afEpisodes,
  };
}

/** What the clinic concluded about the alert: the first finding. */
function alertFinding(alert: DemoAlert, family: ImplantFamily): string {
  const { detail, text } = alert;
  const lead = `Alert: ${text}.`;
  switch (detail.kind) {
    case 'af':
      return `${lead} Stored ${family === 'ILR' ? 'ECGs' : 'EGMs'} confirm atrial fibrillation${detail.ventricularRate > 100 ? ' with a rapid ventricular response' : ''}. Review anticoagulation (CHA2DS2-VASc) and rate control.`;
    case 'ventricular-therapy':
      return detail.therapy === 'shock'
        ? `${lead} The stored EGM shows ventricular fibrillation terminated by one shock: detection and therapy appropriate. Contact the patient; review antiarrhythmic therapy and driving advice.`
        : `${lead} The stored EGM shows monomorphic VT terminated by anti-tachycardia pacing: therapy appropriate, no shock needed.`;
    case 'ventricular-high-rate':
      return `${lead} The stored EGM shows a short run of wide-complex tachycardia, non-sustained. Review medications and electrolytes.`;
    case 'lead-impedance':
      return `${lead} ${detail.ohms > 1000 ? 'Possible conductor fracture' : 'Possible insulation breach'} of the ${detail.lead} lead; no oversensing on the stored EGMs. In-clinic lead evaluation advised.`;
    case 'pacing-threshold':
      return `${lead} Safety margin on the ${detail.lead} lead reduced; confirm the output is at least twice the threshold. In-clinic evaluation advised.`;
    case 'battery-eri':
      return `${lead} Generator change to be scheduled within 3 months; pacing dependence to be checked.`;
    case 'pause':
      return `${lead} The stored ECG shows a pause of ${detail.seconds.toFixed(1)} s without P waves. Correlate with symptoms (syncope, dizziness); pacing evaluation advised.`;
    case 'bradycardia':
      return `${lead} The stored ECG shows sinus bradycardia at ${detail.rate} bpm. Review rate-slowing medications and symptoms.`;
    case 'tachycardia':
      return `${lead} The stored ECG shows a regular narrow-complex tachycardia at ${detail.rate} bpm, consistent with SVT.`;
    case 'crt-pacing':
      return `${lead} Biventricular pacing below target: look for AF, PVCs or loss of LV capture.`;
    case 'missed-transmission':
      return `${lead} The home monitor reconnected; this summary is from the transmission received after the gap.`;
    default:
      return lead;
  }
}

/** The strip that shows the alert's episode, when the alert is about a rhythm. */
function alertEpisode(
  context: BodyContext,
  at: { lead: string; baseRate: number; detail: DemoAlertDetail | undefined },
): StripSpec | null {
  const { detail, lead } = at;
  const { input, random } = context;
  const base = {
    lead,
    gain: random.between(0.8, 1.1),
    seed: input.seed * 31 + 2,
    recordedAt: context.before(random.int(600, 20 * 3600)),
  };
  const spec = (
    title: string,
    rhythm: Rhythm,
    heartRate: number,
    duration: string,
    interpretation: string,
    extra: Partial<StripSpec> = {},
  ) => ({
    ...base,
    title,
    rhythm,
    heartRate,
    duration,
    interpretation,
    ...extra,
  });
  switch (detail?.kind) {
    case 'af': {
      const minutes = Math.round((detail.burdenPercent / 100) * 1440);
      return spec(
        'AF',
        'atrial-fibrillation-onset',
        detail.ventricularRate,
        `${Math.floor(minutes / 60)} h ${minutes % 60} min`,
        'Onset of an irregularly irregular rhythm without P waves, consistent with AF',
      );
    }
    case 'ventricular-therapy':
      return detail.therapy === 'shock'
        ? spec(
            `VF, shock ${detail.joules} J`,
            'ventricular-fibrillation-shock',
            detail.rate,
            `${random.int(9, 16)} s`,
            `VF terminated by a ${detail.joules} J shock`,
            { joules: detail.joules },
          )
        : spec(
            'VT, ATP',
            'ventricular-tachycardia-atp',
            detail.rate,
            `${random.int(12, 40)} s`,
            'Monomorphic VT terminated by ATP',
          );
    case 'ventricular-high-rate':
      return spec(
        'NSVT',
        'nsvt',
        detail.rate,
        `${detail.beats} beats`,
        `Non-sustained VT, ${detail.beats} beats`,
        { beats: detail.beats },
      );
    case 'pause':
      return spec(
        'Pause',
        'pause',
        at.baseRate,
        `${detail.seconds.toFixed(1)} s`,
        `Pause of ${detail.seconds.toFixed(1)} s`,
        { pauseSeconds: detail.seconds },
      );
    case 'bradycardia':
      return spec(
        'Bradycardia',
        'sinus',
        detail.rate,
        `${detail.seconds} s`,
        `Sinus bradycardia, ${detail.rate} bpm`,
      );
    case 'tachycardia':
      return spec(
        'Tachycardia',
        'supraventricular-tachycardia',
        detail.rate,
        `${detail.seconds} s`,
        'Regular narrow-complex tachycardia (SVT)',
      );
    default:
      return null;
  }
}

function afStrip(
  context: BodyContext,
  at: { index: number; lead: string; onset: boolean; rate: number; long: boolean },
): StripSpec {
  const { random, input } = context;
  return {
    title: `Episode ${at.index + 1}: ${at.lead === 'Subcutaneous ECG' ? 'AF' : 'AT/AF'}`,
    recordedAt: context.before(random.int(3_600, 80 * 86_400)),
    lead: at.lead,
    rhythm: at.onset ? 'atrial-fibrillation-onset' : 'atrial-fibrillation',
    heartRate: Math.max(70, at.rate + random.int(-8, 8)),
    duration: at.long ? `${random.int(1, 9)} h ${random.int(1, 59)} min` : `${random.int(2, 40)} min`,
    gain: random.between(0.75, 1.15),
    interpretation: 'Irregularly irregular rhythm without discernible P waves, consistent with AF',
    seed: input.seed * 31 + 2 + at.index,
  };
}

function routineStrip(
  context: BodyContext,
  at: { index: number; lead: string; baseRate: number; family: ImplantFamily },
): StripSpec {
  const { random, input } = context;
  const rate = Math.max(52, Math.min(118, at.baseRate + random.int(-10, 30)));
  const title = random.pick(
    at.family === 'ILR' ? ['Patient-activated', 'Periodic ECG'] : ['Patient-activated', 'Periodic EGM'],
  );
  return {
    title: `Episode ${at.index + 1}: ${title}`,
    recordedAt: context.before(random.int(3_600, 80 * 86_400)),
    lead: at.lead,
    rhythm: 'sinus',
    heartRate: rate,
    duration: title === 'Patient-activated' ? `${random.int(30, 120)} s` : '30 s',
    gain: random.between(0.75, 1.15),
    interpretation: rate > 100 ? 'Sinus tachycardia' : rate < 60 ? 'Sinus bradycardia' : 'Sinus rhythm',
    seed: input.seed * 31 + 2 + at.index,
  };
}

const INDICATIONS: Record<ImplantFamily, readonly (readonly string[])[]> = {
  ILR: [['R55'], ['I63.9'], ['R00.2']],
  PM: [
    ['Z95.0', 'I49.5'],
    ['Z95.0', 'I44.2'],
    ['Z95.0', 'I48.20'],
  ],
  ICD: [
    ['Z95.810', 'I25.5'],
    ['Z95.810', 'I42.0'],
    ['Z95.810', 'I47.20'],
  ],
  'CRT-P': [['Z95.0', 'I50.22', 'I44.7']],
  'CRT-D': [['Z95.810', 'I50.22', 'I44.7']],
};

/** Billing by report type and device (93298 loop recorder per 30 days; 93294–93296 per 90 days; in-person interrogation 93288/93289/93291); diagnoses from the indication and the alert. */
function crmCoding(
  random: SeededRandom,
  at: { family: ImplantFamily; documentType: string; detail: DemoAlertDetail | undefined },
): { cptCodes: string[]; icd10Codes: string[] } {
  const { family, detail } = at;
  const defibrillator = hasDefibrillator(family);
  const cptCodes =
    at.documentType === 'crm-alert'
      ? []
      : at.documentType === 'in-person-device-check'
        ? [family === 'ILR' ? '93291' : defibrillator ? '93289' : '93288']
        : family === 'ILR'
          ? ['93298']
          : [defibrillator ? '93295' : '93294', '93296'];
  const alertCode: Partial<Record<DemoAlertDetail['kind'], string>> = {
    af: 'I48.91',
    'ventricular-high-rate': 'I47.20',
    'lead-impedance': 'T82.110A',
    'pacing-threshold': 'T82.198A',
    'battery-eri': defibrillator ? 'Z45.02' : 'Z45.010',
    pause: 'I45.5',
    bradycardia: 'R00.1',
    tachycardia: 'I47.10',
  };
  const extra =
    detail?.kind === 'ventricular-therapy'
      ? detail.rhythm === 'VF'
        ? 'I49.01'
        : 'I47.20'
      : detail
        ? alertCode[detail.kind]
        : undefined;
  const icd10Codes = [...random.pick(INDICATIONS[family])];
  if (extra && !icd10Codes.includes(extra)) icd10Codes.push(extra);
  return { cptCodes, icd10Codes };
}
