import type { PDFDocument, PDFRef } from 'pdf-lib';
import type { StripSpec } from './demo-report-content';
import { num, type ReportCanvas, registerContentStream } from './report-canvas';
import { COLORS, drawLabel, type ReportFonts } from './report-style';
import { createSeededRandom } from './seeded-random';

const MM = 72 / 25.4;
const SPEED = 25 * MM; // paper speed 25 mm/s, in points per second
const VOLT = 10 * MM; // 10 mm/mV, in points per millivolt
export const STRIP_WIDTH = 180 * MM; // 7.2 s
/** Paper heights: 35 mm under the measurements, 40 mm on the episode pages. */
export const STRIP_HEIGHTS = { compact: 35 * MM, tall: 40 * MM } as const;
export type StripSize = keyof typeof STRIP_HEIGHTS;
const TRACE_START = 10 * MM; // after the 1 mV calibration pulse
const TRACE_SECONDS = (STRIP_WIDTH - TRACE_START) / SPEED - 0.05;

type BeatKind = 'sinus' | 'sinus-fast' | 'af' | 'af-fast' | 'svt' | 'vt';
type Beat = { at: number; kind: BeatKind };
/** What a strip shows besides beats: fibrillation waves, pacing spikes, labelled moments (onset, shock). */
type Schedule = {
  beats: Beat[];
  /** Ventricular fibrillation between these times, in seconds. */
  fibrillation: [number, number][];
  spikes: number[];
  markers: { at: number; label: string; line: boolean }[];
};

/** Per document: the ECG paper and each beat shape become form XObjects, drawn once and placed many times. */
export type StripResources = {
  doc: PDFDocument;
  grids: Partial<Record<StripSize, PDFRef>>;
  beats: Partial<Record<BeatKind, PDFRef>>;
};

export function createStripResources(doc: PDFDocument): StripResources {
  return { doc, grids: {}, beats: {} };
}

/** ECG paper with a trace and its RR intervals; (x, y) is the paper's bottom-left corner. */
export function drawRhythmStrip(
  canvas: ReportCanvas,
  resources: StripResources,
  spec: StripSpec,
  at: { x: number; y: number; size: StripSize; fonts: ReportFonts },
): void {
  const height = STRIP_HEIGHTS[at.size];
  const random = createSeededRandom(spec.seed);
  const schedule = scheduleBeats(spec, random.next);
  const { beats } = schedule;
  const grid = resources.grids[at.size] ?? registerGrid(resources.doc, height);
  resources.grids[at.size] = grid;
  const toX = (seconds: number) => num(at.x + TRACE_START + seconds * SPEED);
  const zero = at.y + height * 0.37;
  const baseY = num(zero);
  const toY = (millivolts: number) => num(zero + millivolts * VOLT);
  const inFibrillation = (seconds: number) =>
    schedule.fibrillation.some(([from, to]) => seconds >= from && seconds < to);
  const vfPhase = random.next() * Math.PI * 2;
  const vfAt = (seconds: number) => {
    const envelope = 0.35 + 0.45 * Math.abs(Math.sin((2 * Math.PI * seconds) / 2.3));
    const cycle = (2 * Math.PI * spec.heartRate * seconds) / 60 + vfPhase;
    return (
      spec.gain * envelope * (Math.sin(cycle) + 0.25 * Math.sin(cycle * 2.7) + (random.next() - 0.5) * 0.2)
    );
  };

  const ops = [
    `q 1 0 0 1 ${num(at.x)} ${num(at.y)} cm ${canvas.xObjectName(grid)} Do Q`,
    `q ${TRACE_STYLE}`,
    // 1 mV calibration pulse.
    `${num(at.x + 2 * MM)} ${baseY} m ${num(at.x + 3 * MM)} ${baseY} l ${num(at.x + 3 * MM)} ${toY(1)} l`,
    `${num(at.x + 8 * MM)} ${toY(1)} l ${num(at.x + 8 * MM)} ${baseY} l ${toX(0)} ${baseY} l`,
  ];
  // The baseline between beats: flat in sinus rhythm, fibrillatory waves in AF, chaotic waves in VF.
  let penAt = 0;
  for (const beat of [...beats, { at: TRACE_SECONDS + 0.5, kind: 'sinus' as const }]) {
    const shape = BEAT_SHAPES[beat.kind];
    const until = Math.min(beat.at + shape.start, TRACE_SECONDS);
    if (until > penAt) {
      ops.push(`${toX(penAt)} ${baseY} m`);
      const atrialFibrillation = beat.kind === 'af' || beat.kind === 'af-fast';
      let fibrillating = false;
      for (let t = penAt + 0.02; t < until - 0.02; t += 0.02) {
        const ventricular = inFibrillation(t);
        if (ventricular) ops.push(`${toX(t)} ${toY(vfAt(t))} l`);
        // Back to the baseline where fibrillation stops (the shock), not in a slope to the next beat.
        else if (fibrillating) ops.push(`${toX(t)} ${baseY} l`);
        else if (atrialFibrillation && Math.round(t / 0.02) % 2 === 0)
          ops.push(`${toX(t)} ${toY((random.next() - 0.5) * 0.14)} l`);
        fibrillating = ventricular;
      }
      ops.push(`${toX(until)} ${baseY} l`);
    }
    penAt = beat.at + shape.end;
  }
  ops.push('S Q');
  for (const beat of beats) {
    const shape = resources.beats[beat.kind] ?? registerBeat(resources.doc, beat.kind);
    resources.beats[beat.kind] = shape;
    ops.push(`q 1 0 0 ${num(spec.gain)} ${toX(beat.at)} ${baseY} cm ${canvas.xObjectName(shape)} Do Q`);
  }
  // Pacing spikes (ATP) and the shock's artefact: thin vertical lines.
  if (schedule.spikes.length > 0) {
    ops.push(`q ${TRACE_STYLE}`);
    for (const spike of schedule.spikes) ops.push(`${toX(spike)} ${toY(-0.2)} m ${toX(spike)} ${toY(1.4)} l`);
    ops.push('S Q');
  }
  canvas.operators(ops.join('\n'));

  for (const [index, beat] of beats.entries()) {
    const following = beats[index + 1];
    if (!following) break;
    // No RR interval across fibrillation or a therapy: there is no interval to speak of.
    const interrupted =
      schedule.fibrillation.some(([from]) => from > beat.at && from < following.at) ||
      schedule.markers.some((marker) => marker.line && marker.at > beat.at && marker.at < following.at);
    if (interrupted) continue;
    drawLabel(canvas, String(Math.round((following.at - beat.at) * 1000)), {
      x: at.x + TRACE_START + ((beat.at + following.at) / 2) * SPEED,
      y: at.y + height - 7,
      size: 5.5,
      font: at.fonts.regular,
      color: COLORS.muted,
      align: 'center',
    });
  }
  for (const marker of schedule.markers) {
    const x = at.x + TRACE_START + marker.at * SPEED;
    if (marker.line)
      canvas.line([x, at.y + 2], [x, at.y + height - 10], { color: COLORS.alert, width: 0.8, dash: [2, 2] });
    drawLabel(canvas, marker.label, {
      x: marker.line ? x + 3 : x,
      y: at.y + 4,
      size: 6.5,
      font: at.fonts.bold,
      color: COLORS.alert,
      align: marker.line ? 'left' : 'center',
    });
  }
}

/**
 * R-peak times and the rest of the trace. Sinus with a little respiratory variation; AF irregularly
 * irregular around the strip's rate (an onset strip starts in sinus rhythm at a little over half that
 * rate); SVT regular and narrow; NSVT a run of wide beats within sinus rhythm; VT ended by ATP; VF ended
 * by a shock; a pause between sinus beats.
 */
function scheduleBeats(spec: StripSpec, next: () => number): Schedule {
  const schedule: Schedule = { beats: [], fibrillation: [], spikes: [], markers: [] };
  const { beats } = schedule;
  const fits = (at: number, kind: BeatKind) => at + BEAT_SHAPES[kind].end <= TRACE_SECONDS;
  const sinusFrom = (from: number, rate: number) => {
    const rr = 60 / rate;
    for (let at = from; ; at += rr * (1 + 0.04 * Math.sin((2 * Math.PI * at) / 4) + (next() - 0.5) * 0.03)) {
      const kind: BeatKind = rr < 0.62 ? 'sinus-fast' : 'sinus';
      if (!fits(at, kind)) break;
      beats.push({ at, kind });
    }
  };
  switch (spec.rhythm) {
    case 'supraventricular-tachycardia': {
      const rr = 60 / spec.heartRate;
      for (let at = 0.2 + next() * rr; fits(at, 'svt'); at += rr * (1 + (next() - 0.5) * 0.02))
        beats.push({ at, kind: 'svt' });
      return schedule;
    }
    case 'nsvt': {
      const sinusRr = 60 / 72;
      let at = 0.3 + next() * 0.3;
      for (; at < 1.6; at += sinusRr) beats.push({ at, kind: 'sinus' });
      // The run starts early: a premature beat after the last sinus one.
      at += 0.42 - sinusRr;
      const rr = 60 / spec.heartRate;
      for (let run = 0; run < (spec.beats ?? 8) && fits(at + 1.4, 'vt'); run++, at += rr)
        beats.push({ at, kind: 'vt' });
      sinusFrom(at - rr + sinusRr * 1.5, 72);
      return schedule;
    }
    case 'ventricular-tachycardia-atp': {
      const rr = 60 / spec.heartRate;
      let at = 0.2 + next() * rr;
      for (; at < TRACE_SECONDS * 0.42; at += rr) beats.push({ at, kind: 'vt' });
      schedule.markers.push({ at: at - 0.04, label: 'ATP', line: true });
      // The burst: paced beats at 88 % of the VT cycle, each after its spike.
      for (let pulse = 0; pulse < 6; pulse++, at += rr * 0.88) {
        schedule.spikes.push(at - 0.07);
        beats.push({ at, kind: 'vt' });
      }
      sinusFrom(at + 0.7, 76);
      return schedule;
    }
    case 'ventricular-fibrillation-shock': {
      const shockAt = TRACE_SECONDS * 0.62;
      schedule.fibrillation.push([0.05, shockAt]);
      schedule.spikes.push(shockAt);
      schedule.markers.push({ at: shockAt, label: `Shock ${spec.joules ?? 35} J`, line: true });
      sinusFrom(shockAt + 1.1, 68);
      return schedule;
    }
    case 'pause': {
      const rr = 60 / spec.heartRate;
      const pause = Math.min(spec.pauseSeconds ?? 3, TRACE_SECONDS - 1);
      // As many sinus beats before the pause as leave room for it and one beat after.
      let at = 0.25 + next() * 0.2;
      beats.push({ at, kind: 'sinus' });
      while (at + rr + pause + BEAT_SHAPES.sinus.end <= TRACE_SECONDS - 0.3) {
        at += rr;
        beats.push({ at, kind: 'sinus' });
      }
      schedule.markers.push({ at: at + pause / 2, label: `Pause ${pause.toFixed(1)} s`, line: false });
      sinusFrom(at + pause, spec.heartRate);
      return schedule;
    }
    default:
      break;
  }
  const meanRr = 60 / spec.heartRate;
  const onset = spec.rhythm === 'atrial-fibrillation-onset';
  const onsetAt = onset ? TRACE_SECONDS * (0.35 + next() * 0.15) : 0;
  const sinusRr = onset ? meanRr / 0.55 : meanRr;
  let at = 0.3 + next() * sinusRr * 0.6;
  while (true) {
    const fibrillating = spec.rhythm === 'atrial-fibrillation' || (onset && at >= onsetAt);
    const rr = fibrillating
      ? Math.max(0.32, meanRr * (0.6 + next() * 0.8))
      : sinusRr * (1 + 0.04 * Math.sin((2 * Math.PI * at) / 4) + (next() - 0.5) * 0.03);
    const kind: BeatKind = fibrillating ? (rr < 0.6 ? 'af-fast' : 'af') : rr < 0.62 ? 'sinus-fast' : 'sinus';
    if (!fits(at, kind)) break;
    beats.push({ at, kind });
    at += rr;
  }
  const firstAf = beats.find((beat) => beat.kind === 'af' || beat.kind === 'af-fast');
  if (onset && firstAf) schedule.markers.push({ at: firstAf.at - 0.25, label: 'AF onset', line: true });
  return schedule;
}

type Shape = { start: number; end: number; vertices: [seconds: number, millivolts: number][] };

/**
 * One complex around its R peak at 0; the fast variants have a shorter PR and QT. SVT: narrow, no P wave,
 * short enough for 230 bpm. VT: wide (140 ms) with a discordant T wave, short enough for 200 bpm.
 */
const BEAT_SHAPES: Record<BeatKind, Shape> = {
  sinus: buildShape({ p: [-0.22, -0.12], t: [0.12, 0.36] }),
  'sinus-fast': buildShape({ p: [-0.16, -0.085], t: [0.1, 0.26] }),
  af: buildShape({ t: [0.12, 0.34] }),
  'af-fast': buildShape({ t: [0.1, 0.25] }),
  svt: buildShape({ t: [0.08, 0.2] }),
  vt: {
    start: -0.06,
    end: 0.2,
    vertices: [
      [-0.06, 0],
      [-0.03, 0.45],
      [0, 1.2],
      [0.03, 0.9],
      [0.06, -0.2],
      [0.08, -0.5],
      [0.1, -0.3],
      [0.12, -0.38],
      [0.15, -0.4],
      [0.18, -0.25],
      [0.2, 0],
    ],
  },
};

function buildShape({ p, t }: { p?: [number, number]; t: [number, number] }): Shape {
  const vertices: [number, number][] = [];
  const bump = ([from, to]: [number, number], height: number, steps: number, skew: number) => {
    for (let step = 0; step <= steps; step++) {
      const u = step / steps;
      vertices.push([from + (to - from) * u, height * Math.sin(Math.PI * u ** skew) ** 2]);
    }
  };
  if (p) bump(p, 0.15, 6, 1);
  vertices.push([-0.05, 0], [-0.03, -0.1], [0, 1.15], [0.028, -0.32], [0.05, 0], [t[0], 0.02]);
  bump(t, 0.3, 9, 0.8);
  return { start: vertices[0]?.[0] ?? -0.05, end: t[1], vertices };
}

function registerBeat(doc: PDFDocument, kind: BeatKind): PDFRef {
  const path = BEAT_SHAPES[kind].vertices
    .map(
      ([seconds, millivolts], index) =>
        `${num(seconds * SPEED)} ${num(millivolts * VOLT)} ${index === 0 ? 'm' : 'l'}`,
    )
    .join(' ');
  const bbox = [-0.3 * SPEED, -0.6 * VOLT, 0.45 * SPEED, 1.5 * VOLT].map((value) => Math.round(value));
  return registerContentStream(doc, `${TRACE_STYLE}\n${path} S`, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: bbox,
  });
}

/** ECG paper: 1 mm and 5 mm squares in pink. */
function registerGrid(doc: PDFDocument, height: number): PDFRef {
  const lines = (every: number): string => {
    const ops: string[] = [];
    for (let x = every; x < STRIP_WIDTH - 0.01; x += every)
      ops.push(`${num(x)} 0 m ${num(x)} ${num(height)} l`);
    for (let y = every; y < height - 0.01; y += every)
      ops.push(`0 ${num(y)} m ${num(STRIP_WIDTH)} ${num(y)} l`);
    return ops.join('\n');
  };
  const frame = `0 0 ${num(STRIP_WIDTH)} ${num(height)} re`;
  const content = [
    `1 0.965 0.965 rg ${frame} f`,
    '0.98 0.82 0.85 RG 0.25 w',
    lines(MM),
    'S 0.93 0.56 0.62 RG 0.6 w',
    lines(5 * MM),
    `${frame} S`,
  ].join('\n');
  return registerContentStream(doc, content, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, Number(num(STRIP_WIDTH)), Number(num(height))],
  });
}

/** Near-black, 0.75 pt, round joins and caps: a pen trace. */
const TRACE_STYLE = '0.08 0.08 0.1 RG 0.75 w 1 j 1 J';
