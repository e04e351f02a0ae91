import {
  concatTransformationMatrix,
  drawObject,
  fill,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  type PDFDocument,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from 'pdf-lib';
import { getOrAdd } from '../get-or-add';
import type { StripSpec } from './demo-report-content';
import { COLORS, drawLabel, type ReportFonts, round } from './report-style';
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

type BeatKind = 'sinus' | 'sinus-fast' | 'af' | 'af-fast';
type Beat = { at: number; kind: BeatKind };

/** Per document: the ECG paper and each beat shape become form XObjects, drawn once and placed many times. */
export type StripResources = {
  doc: PDFDocument;
  grids: Partial<Record<StripSize, PDFRef>>;
  beats: Partial<Record<BeatKind, PDFRef>>;
  names: WeakMap<PDFPage, Map<PDFRef, PDFName>>;
};

export function createStripResources(doc: PDFDocument): StripResources {
  return { doc, grids: {}, beats: {}, names: new WeakMap() };
}

/** ECG paper with a trace and its RR intervals; (x, y) is the paper's bottom-left corner. */
export function drawRhythmStrip(
  page: PDFPage,
  resources: StripResources,
  spec: StripSpec,
  at: { x: number; y: number; size: StripSize; fonts: ReportFonts },
): void {
  const height = STRIP_HEIGHTS[at.size];
  const random = createSeededRandom(spec.seed);
  const beats = scheduleBeats(spec, random.next);
  const grid = resources.grids[at.size] ?? registerGrid(resources.doc, height);
  resources.grids[at.size] = grid;
  const gridName = nameOnPage(page, resources, grid);
  const toX = (seconds: number) => round(at.x + TRACE_START + seconds * SPEED);
  const baseY = at.y + height * 0.37;

  const ops: PDFOperator[] = [
    pushGraphicsState(),
    concatTransformationMatrix(1, 0, 0, 1, round(at.x), round(at.y)),
    drawObject(gridName),
    popGraphicsState(),
    pushGraphicsState(),
    ...traceStyle(),
    // 1 mV calibration pulse.
    moveTo(round(at.x + 2 * MM), round(baseY)),
    lineTo(round(at.x + 3 * MM), round(baseY)),
    lineTo(round(at.x + 3 * MM), round(baseY + VOLT)),
    lineTo(round(at.x + 8 * MM), round(baseY + VOLT)),
    lineTo(round(at.x + 8 * MM), round(baseY)),
    lineTo(toX(0), round(baseY)),
  ];
  // The baseline between beats: flat in sinus rhythm, fibrillatory waves in AF.
  let penAt = 0;
  for (const beat of [...beats, { at: TRACE_SECONDS + 0.5, kind: 'sinus' as const }]) {
    const shape = BEAT_SHAPES[beat.kind];
    const until = Math.min(beat.at + shape.start, TRACE_SECONDS);
    if (until > penAt) {
      ops.push(moveTo(toX(penAt), round(baseY)));
      const fibrillating = beat.kind === 'af' || beat.kind === 'af-fast';
      for (let t = penAt + 0.035; fibrillating && t < until - 0.02; t += 0.035) {
        ops.push(lineTo(toX(t), round(baseY + (random.next() - 0.5) * 0.14 * VOLT)));
      }
      ops.push(lineTo(toX(until), round(baseY)));
    }
    penAt = beat.at + shape.end;
  }
  ops.push(stroke(), popGraphicsState());
  for (const beat of beats) {
    const shape = resources.beats[beat.kind] ?? registerBeat(resources.doc, beat.kind);
    resources.beats[beat.kind] = shape;
    const name = nameOnPage(page, resources, shape);
    ops.push(
      pushGraphicsState(),
      concatTransformationMatrix(1, 0, 0, round(spec.gain), toX(beat.at), round(baseY)),
      drawObject(name),
      popGraphicsState(),
    );
  }
  page.pushOperators(...ops);

  for (const [index, beat] of beats.entries()) {
    const following = beats[index + 1];
    if (!following) break;
    drawLabel(page, String(Math.round((following.at - beat.at) * 1000)), {
      x: (toX(beat.at) + toX(following.at)) / 2,
      y: at.y + height - 7,
      size: 5.5,
      font: at.fonts.regular,
      color: COLORS.muted,
      align: 'center',
    });
  }
  const onset = beats.find((beat) => beat.kind === 'af' || beat.kind === 'af-fast');
  if (spec.rhythm === 'atrial-fibrillation-onset' && onset) {
    const x = toX(onset.at - 0.25);
    page.drawLine({
      start: { x, y: at.y + 2 },
      end: { x, y: at.y + height - 10 },
      thickness: 0.8,
      color: COLORS.alert,
      dashArray: [2, 2],
    });
    drawLabel(page, 'AF onset', {
      x: x + 3,
      y: at.y + 4,
      size: 6.5,
      font: at.fonts.bold,
      color: COLORS.alert,
    });
  }
}

/** The page's resource name for an XObject, added once per page. */
function nameOnPage(page: PDFPage, resources: StripResources, ref: PDFRef): PDFName {
  const names = getOrAdd(resources.names, page, () => new Map<PDFRef, PDFName>());
  return getOrAdd(names, ref, () => page.node.newXObject('Ecg', ref));
}

/**
 * R-peak times: sinus with a little respiratory variation; AF irregularly irregular around the strip's
 * rate. An onset strip starts in sinus rhythm at a little over half that rate.
 */
function scheduleBeats(spec: StripSpec, next: () => number): Beat[] {
  const meanRr = 60 / spec.heartRate;
  const onset = spec.rhythm === 'atrial-fibrillation-onset';
  const onsetAt = onset ? TRACE_SECONDS * (0.35 + next() * 0.15) : 0;
  const sinusRr = onset ? meanRr / 0.55 : meanRr;
  const beats: Beat[] = [];
  let at = 0.3 + next() * sinusRr * 0.6;
  while (true) {
    const fibrillating = spec.rhythm === 'atrial-fibrillation' || (onset && at >= onsetAt);
    const rr = fibrillating
      ? Math.max(0.32, meanRr * (0.6 + next() * 0.8))
      : sinusRr * (1 + 0.04 * Math.sin((2 * Math.PI * at) / 4) + (next() - 0.5) * 0.03);
    const kind: BeatKind = fibrillating ? (rr < 0.6 ? 'af-fast' : 'af') : rr < 0.62 ? 'sinus-fast' : 'sinus';
    if (at + BEAT_SHAPES[kind].end > TRACE_SECONDS) break;
    beats.push({ at, kind });
    at += rr;
  }
  return beats;
}

type Shape = { start: number; end: number; vertices: [seconds: number, millivolts: number][] };

/** One P-QRS-T complex around its R peak at 0; the fast variants have a shorter PR and QT. */
const BEAT_SHAPES: Record<BeatKind, Shape> = {
  sinus: buildShape({ p: [-0.22, -0.12], t: [0.12, 0.36] }),
  'sinus-fast': buildShape({ p: [-0.16, -0.085], t: [0.1, 0.26] }),
  af: buildShape({ t: [0.12, 0.34] }),
  'af-fast': buildShape({ t: [0.1, 0.25] }),
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
  const { vertices } = BEAT_SHAPES[kind];
  const ops = [
    ...traceStyle(),
    ...vertices.map(([seconds, millivolts], index) =>
      (index === 0 ? moveTo : lineTo)(round(seconds * SPEED), round(millivolts * VOLT)),
    ),
    stroke(),
  ];
  const bbox = [-0.3 * SPEED, -0.6 * VOLT, 0.45 * SPEED, 1.5 * VOLT].map(round);
  return doc.context.register(doc.context.formXObject(ops, { BBox: bbox }));
}

/** ECG paper: 1 mm and 5 mm squares in pink. */
function registerGrid(doc: PDFDocument, height: number): PDFRef {
  const lines = (every: number): PDFOperator[] => {
    const ops: PDFOperator[] = [];
    for (let x = every; x < STRIP_WIDTH - 0.01; x += every) {
      ops.push(moveTo(round(x), 0), lineTo(round(x), round(height)));
    }
    for (let y = every; y < height - 0.01; y += every) {
      ops.push(moveTo(0, round(y)), lineTo(round(STRIP_WIDTH), round(y)));
    }
    return ops;
  };
  const ops = [
    setFillingRgbColor(1, 0.965, 0.965),
    rectangle(0, 0, round(STRIP_WIDTH), round(height)),
    fill(),
    setStrokingRgbColor(0.98, 0.82, 0.85),
    setLineWidth(0.25),
    ...lines(MM),
    stroke(),
    setStrokingRgbColor(0.93, 0.56, 0.62),
    setLineWidth(0.6),
    ...lines(5 * MM),
    rectangle(0, 0, round(STRIP_WIDTH), round(height)),
    stroke(),
  ];
  return doc.context.register(
    doc.context.formXObject(ops, { BBox: [0, 0, round(STRIP_WIDTH), round(height)] }),
  );
}

function traceStyle(): PDFOperator[] {
  return [
    setStrokingRgbColor(0.08, 0.08, 0.1),
    setLineWidth(0.75),
    setLineJoin(LineJoinStyle.Round),
    setLineCap(LineCapStyle.Round),
  ];
}
