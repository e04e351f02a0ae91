import type { AlertLevel } from '@portal/domain';
import {
  type DemoDeviceKind,
  hasDefibrillator,
  isImplantFamily,
  type LeadName,
  leadsOf,
} from './demo-devices';
import type { SeededRandom } from './seeded-random';

// Demo alerts: each one a kind a device really raises, its level set by the clinical reference values
// the issues use (GUIDE: impedance outside 300–1000 ohms, critical outside 250–1500; threshold > 1.5 V,
// critical ≥ 2.0 V; AT/AF burden > 1 %, critical > 5 %), and its text written from the same numbers
// the report then shows.

export type DemoAlertDetail =
  | { kind: 'af'; burdenPercent: number; ventricularRate: number }
  | {
      kind: 'ventricular-therapy';
      rhythm: 'VT' | 'VF';
      rate: number;
      therapy: 'ATP' | 'shock';
      joules: number;
    }
  | { kind: 'ventricular-high-rate'; rate: number; beats: number }
  | { kind: 'lead-impedance'; lead: LeadName; ohms: number; previousOhms: number }
  | { kind: 'pacing-threshold'; lead: LeadName; volts: number; previousVolts: number; pulseWidthMs: number }
  | { kind: 'battery-eri' }
  | { kind: 'pause'; seconds: number }
  | { kind: 'bradycardia'; rate: number; seconds: number }
  | { kind: 'tachycardia'; rate: number; seconds: number }
  | { kind: 'crt-pacing'; percent: number }
  | { kind: 'missed-transmission'; days: number }
  | { kind: 'blood-pressure'; systolic: number; diastolic: number; pulse: number }
  | { kind: 'weight-gain'; weightLb: number; gainLb: number; days: number }
  | { kind: 'glucose'; mgdl: number }
  | { kind: 'missed-readings'; days: number };
export type DemoAlertKind = DemoAlertDetail['kind'];

export type DemoAlert = { level: AlertLevel; type: string; text: string; detail: DemoAlertDetail };

/** The alert type (the document's alertType) each kind is filed under. */
export const ALERT_TYPE_OF: Readonly<Record<DemoAlertKind, string>> = {
  af: 'AF episode',
  'ventricular-therapy': 'VT/VF therapy',
  'ventricular-high-rate': 'Ventricular high rate',
  'lead-impedance': 'Lead impedance',
  'pacing-threshold': 'Pacing threshold',
  'battery-eri': 'Battery ERI',
  pause: 'Pause',
  bradycardia: 'Bradycardia',
  tachycardia: 'Tachycardia',
  'crt-pacing': 'Low BiV pacing',
  'missed-transmission': 'Missed transmission',
  'blood-pressure': 'Blood pressure out of range',
  'weight-gain': 'Weight gain',
  glucose: 'Blood glucose out of range',
  'missed-readings': 'Missed readings',
};

/** The levels each kind can have: a shock is high, a low-BiV-pacing alert never is. */
export const LEVELS_OF_KIND: Readonly<Record<DemoAlertKind, readonly AlertLevel[]>> = {
  af: ['high', 'medium'],
  'ventricular-therapy': ['high', 'medium'],
  'ventricular-high-rate': ['low'],
  'lead-impedance': ['high', 'medium'],
  'pacing-threshold': ['high', 'medium'],
  'battery-eri': ['medium'],
  pause: ['high', 'medium'],
  bradycardia: ['medium', 'low'],
  tachycardia: ['high', 'medium'],
  'crt-pacing': ['medium', 'low'],
  'missed-transmission': ['low'],
  'blood-pressure': ['high', 'medium', 'low'],
  'weight-gain': ['high', 'medium', 'low'],
  glucose: ['high', 'medium', 'low'],
  'missed-readings': ['low'],
};

/** The alerts a device can raise. A battery alert only comes from a device at its replacement indicator. */
export function alertKindsFor(device: DemoDeviceKind, options: { atEri?: boolean } = {}): DemoAlertKind[] {
  switch (device) {
    case 'ILR':
      return ['af', 'pause', 'bradycardia', 'tachycardia', 'missed-transmission'];
    case 'PM':
    case 'ICD':
    case 'CRT-P':
    case 'CRT-D': {
      const kinds: DemoAlertKind[] = [
        'af',
        'lead-impedance',
        'pacing-threshold',
        'ventricular-high-rate',
        'missed-transmission',
      ];
      if (hasDefibrillator(device)) kinds.push('ventricular-therapy');
      if (device === 'CRT-P' || device === 'CRT-D') kinds.push('crt-pacing');
      if (options.atEri) kinds.push('battery-eri');
      return kinds;
    }
    case 'bp-cuff':
      return ['blood-pressure', 'missed-readings'];
    case 'scale':
      return ['weight-gain', 'missed-readings'];
    case 'glucometer':
      return ['glucose', 'missed-readings'];
    default:
      return [];
  }
}

/**
 * An alert of `level` from this device (its leads given by `chambers`), or null when the device raises
 * none of that level. A device at ERI reports that first when a medium alert is wanted.
 */
export function buildDemoAlert(
  random: SeededRandom,
  device: { kind: DemoDeviceKind; chambers?: string | null; atEri?: boolean },
  level: AlertLevel,
): DemoAlert | null {
  const kinds = alertKindsFor(device.kind, { atEri: device.atEri }).filter((kind) =>
    LEVELS_OF_KIND[kind].includes(level),
  );
  if (kinds.length === 0) return null;
  const kind = kinds.includes('battery-eri') ? 'battery-eri' : random.pick(kinds);
  const detail = buildDetail(random, kind, level, device);
  return { level, type: ALERT_TYPE_OF[kind], text: describeAlert(detail, level, device.kind), detail };
}

const pick = <T>(random: SeededRandom, items: readonly T[]) => random.pick(items);

function buildDetail(
  random: SeededRandom,
  kind: DemoAlertKind,
  level: AlertLevel,
  device: { kind: DemoDeviceKind; chambers?: string | null },
): DemoAlertDetail {
  const high = level === 'high';
  const leads = leadsOf(device.chambers);
  switch (kind) {
    case 'af':
      return {
        kind,
        burdenPercent: high ? random.between(5.5, 42, 1) : random.between(1.2, 4.9, 1),
        ventricularRate: high ? random.int(104, 148) : random.int(78, 102),
      };
    case 'ventricular-therapy':
      return high
        ? {
            kind,
            rhythm: 'VF',
            rate: random.int(240, 300),
            therapy: 'shock',
            joules: pick(random, [35, 40, 41]),
          }
        : { kind, rhythm: 'VT', rate: random.int(170, 200), therapy: 'ATP', joules: 0 };
    case 'ventricular-high-rate':
      return { kind, rate: random.int(165, 195), beats: random.int(6, 14) };
    case 'lead-impedance': {
      const lead = pick(random, leads.length > 0 ? leads : ['RV' as const]);
      // A fracture reads high, an insulation breach low; a medium alert is outside 300–1000 only.
      const rising = random.chance(0.75);
      const ohms = high
        ? rising
          ? random.int(1560, 2600)
          : random.int(185, 245)
        : rising
          ? random.int(1020, 1480)
          : random.int(255, 295);
      return { kind, lead, ohms, previousOhms: random.int(420, 760) };
    }
    case 'pacing-threshold': {
      const lead = pick(random, leads.length > 0 ? leads : ['RV' as const]);
      return {
        kind,
        lead,
        volts: high ? pick(random, [2.0, 2.25, 2.5, 2.75, 3.0, 3.5]) : pick(random, [1.625, 1.75, 1.875]),
        previousVolts: pick(random, [0.5, 0.625, 0.75, 0.875, 1.0]),
        pulseWidthMs: lead === 'LV' ? 0.5 : 0.4,
      };
    }
    case 'battery-eri':
      return { kind };
    case 'pause':
      return { kind, seconds: high ? random.between(5.0, 5.8, 1) : random.between(3.1, 4.9, 1) };
    case 'bradycardia':
      return {
        kind,
        rate: level === 'medium' ? random.int(28, 34) : random.int(35, 39),
        seconds: random.int(8, 40),
      };
    case 'tachycardia':
      return { kind, rate: high ? random.int(200, 225) : random.int(172, 196), seconds: random.int(16, 120) };
    case 'crt-pacing':
      return {
        kind,
        percent: level === 'medium' ? random.between(78, 89.5, 1) : random.between(90, 96.5, 1),
      };
    case 'missed-transmission':
      return { kind, days: device.kind === 'ILR' ? random.int(7, 14) : random.int(14, 30) };
    case 'blood-pressure':
      return high
        ? { kind, systolic: random.int(181, 204), diastolic: random.int(96, 124), pulse: random.int(64, 104) }
        : level === 'medium'
          ? { kind, systolic: random.int(161, 178), diastolic: random.int(84, 99), pulse: random.int(60, 96) }
          : {
              kind,
              systolic: random.int(142, 158),
              diastolic: random.int(78, 89),
              pulse: random.int(58, 92),
            };
    case 'weight-gain':
      return high
        ? { kind, weightLb: random.between(150, 260, 1), gainLb: random.between(5.2, 7.8, 1), days: 3 }
        : level === 'medium'
          ? { kind, weightLb: random.between(150, 260, 1), gainLb: random.between(3.1, 4.8, 1), days: 1 }
          : { kind, weightLb: random.between(150, 260, 1), gainLb: random.between(2.1, 2.9, 1), days: 2 };
    case 'glucose':
      return {
        kind,
        mgdl: high
          ? random.chance(0.6)
            ? random.int(38, 53)
            : random.int(402, 468)
          : level === 'medium'
            ? random.chance(0.5)
              ? random.int(55, 68)
              : random.int(305, 395)
            : random.int(252, 298),
      };
    case 'missed-readings':
      return { kind, days: random.int(3, 6) };
  }
}

const thousands = (value: number) => value.toLocaleString('en-US');
const volts = (value: number) => `${Number(value.toFixed(3))} V`;

/** The alert's text, from the same numbers the report shows (plain ASCII or WinAnsi: no font to embed). */
export function describeAlert(detail: DemoAlertDetail, level: AlertLevel, device: DemoDeviceKind): string {
  switch (detail.kind) {
    case 'af': {
      const minutes = Math.round((detail.burdenPercent / 100) * 24 * 60);
      const burden = device === 'ILR' ? 'AF burden' : 'AT/AF burden';
      return `${burden} ${detail.burdenPercent}% in 24 h (${Math.floor(minutes / 60)} h ${minutes % 60} min); mean ventricular rate ${detail.ventricularRate} bpm`;
    }
    case 'ventricular-therapy':
      return detail.therapy === 'shock'
        ? `VF at ${detail.rate} bpm; 1 shock delivered (${detail.joules} J), episode terminated`
        : `Monomorphic VT at ${detail.rate} bpm terminated by ATP (1 burst); no shock delivered`;
    case 'ventricular-high-rate':
      return isImplantFamily(device) && hasDefibrillator(device)
        ? `Non-sustained VT: ${detail.beats} beats at ${detail.rate} bpm; no therapy needed`
        : `Ventricular high-rate episode: ${detail.beats} beats at ${detail.rate} bpm (NSVT)`;
    case 'lead-impedance':
      return `${detail.lead} lead impedance ${thousands(detail.ohms)} ohms, outside ${
        level === 'high' ? '250–1,500' : '300–1,000'
      } ohms (previous ${detail.previousOhms} ohms)`;
    case 'pacing-threshold':
      return `${detail.lead} capture threshold ${volts(detail.volts)} @ ${detail.pulseWidthMs} ms (previous ${volts(
        detail.previousVolts,
      )}); ${level === 'high' ? 'critical at 2.0 V or more' : 'above 1.5 V'}`;
    case 'battery-eri':
      return 'Battery at elective replacement indicator (ERI); about 3 months to end of service';
    case 'pause':
      return `Pause of ${detail.seconds.toFixed(1)} s (detection 3 s)`;
    case 'bradycardia':
      return `Bradycardia ${detail.rate} bpm for ${detail.seconds} s (detection below 40 bpm)`;
    case 'tachycardia':
      return `Tachycardia ${detail.rate} bpm for ${detail.seconds} s (detection above 167 bpm)`;
    case 'crt-pacing':
      return `Biventricular pacing ${detail.percent}% since the last transmission (target 98% or more)`;
    case 'missed-transmission':
      return `No transmission received for ${detail.days} days; home monitor possibly disconnected`;
    case 'blood-pressure':
      return `Blood pressure ${detail.systolic}/${detail.diastolic} mmHg, pulse ${detail.pulse} bpm (alert limit ${
        level === 'high' ? '180/120' : level === 'medium' ? '160/100' : '140/90'
      } mmHg)`;
    case 'weight-gain':
      return `Weight ${detail.weightLb} lb, up ${detail.gainLb} lb in ${detail.days} day${detail.days === 1 ? '' : 's'} (alert limit ${
        level === 'high' ? '5 lb in a week' : level === 'medium' ? '3 lb in a day' : '2 lb in 2 days'
      })`;
    case 'glucose': {
      const low = detail.mgdl < 70;
      const limit = low
        ? level === 'high'
          ? 54
          : 70
        : level === 'high'
          ? 400
          : level === 'medium'
            ? 300
            : 250;
      return `Blood glucose ${detail.mgdl} mg/dL, ${low ? 'below' : 'above'} ${limit} mg/dL`;
    }
    case 'missed-readings':
      return `No readings for ${detail.days} days; 16 reading days are needed each 30-day period`;
  }
}
