import { Encodings } from '@pdf-lib/standard-fonts';
import { type FlagLevel, formatUsDate } from '@portal/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { toDrawableText, toSingleLine } from '../pdf/drawable-text';
import { embedDejaVuFonts, loadDejaVuFonts } from '../pdf/fonts';
import type { AfAlertSection, CoversheetHeader } from './coversheet-input';

// The page both coversheets draw on: US Letter, a header with the patient, document and device, and a
// footer saying the page is generated and not part of the report.
//
// Text is drawn in the PDF standard fonts (Helvetica, and Symbol for Ω and −): they are not embedded, so
// the page costs no font subsetting or OpenType layout (measured: the page alone went from 24 ms to 7 ms).
// Only a text they cannot encode (a name such as Łucja) is drawn in DejaVu Sans, embedded for that
// coversheet alone.

export const PAGE = { width: 612, height: 792 };
export const MARGIN = 44;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.38, 0.42, 0.48);
export const RULE = rgb(0.82, 0.85, 0.89);
export const BAND = rgb(0.93, 0.95, 0.98);
export const ACCENT = rgb(0.12, 0.35, 0.62);
export const FLAG_COLORS = { critical: rgb(0.72, 0.11, 0.11), warning: rgb(0.78, 0.45, 0.02) } as const;

type TextOptions = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

export type CoversheetPage = {
  doc: PDFDocument;
  page: PDFPage;
  /** Text made drawable (missing glyphs replaced) on one line. */
  line(value: string): string;
  /** The width of a text as `draw` draws it. */
  widthOf(value: string, size: number, bold?: boolean): number;
  draw(value: string, x: number, y: number, options?: TextOptions): void;
  /** Draws text cut with an ellipsis to fit `width`. */
  drawFitted(value: string, x: number, y: number, width: number, options?: TextOptions): void;
  heading(title: string, y: number): number;
  /** Where the body starts, below the header. */
  top: number;
};

type Face = 'latin' | 'symbol' | 'unicode';

/** Which font draws a character: Helvetica (WinAnsi), Symbol (Greek, math), else DejaVu Sans. */
function faceOf(codePoint: number): Face {
  if (Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint)) return 'latin';
  if (Encodings.Symbol.canEncodeUnicodeCodePoint(codePoint)) return 'symbol';
  return 'unicode';
}

/** The text cut into runs of one face each. */
function splitRuns(text: string): { text: string; face: Face }[] {
  const runs: { text: string; face: Face }[] = [];
  for (const character of text) {
    const face = faceOf(character.codePointAt(0) ?? 0);
    const last = runs.at(-1);
    if (last?.face === face) last.text += character;
    else runs.push({ text: character, face });
  }
  return runs;
}

/** Whether any string in `value` (the coversheet's input, walked) needs the Unicode font. */
function needsUnicodeFont(value: unknown): boolean {
  if (typeof value === 'string') return splitRuns(value).some((run) => run.face === 'unicode');
  if (Array.isArray(value)) return value.some((item) => typeof item !== 'number' && needsUnicodeFont(item));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.values(value).some(needsUnicodeFont);
  return false;
}

/**
 * A new one-page document with the header drawn; the caller draws the body and saves. `content` is
 * everything the body will draw (the coversheet's input): DejaVu Sans is embedded only when some text in
 * it, or in the header, needs it.
 */
export async function startCoversheetPage(
  header: CoversheetHeader,
  title: string,
  subtitle: string,
  generatedAt: Date,
  content: unknown,
): Promise<CoversheetPage> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer('pdf-lib');
  doc.setCreator('Cardiac portal');
  doc.setTitle(title);
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  const files = await loadDejaVuFonts();
  const hasGlyph = (codePoint: number) => files.regular.hasGlyph(codePoint) && files.bold.hasGlyph(codePoint);
  const [helvetica, helveticaBold, symbol] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Symbol),
  ]);
  const unicode =
    needsUnicodeFont(header) || needsUnicodeFont(content) || needsUnicodeFont([title, subtitle])
      ? await embedDejaVuFonts(doc, JSON.stringify(header) + title)
      : null;
  const fontOf = (face: Face, bold: boolean): PDFFont => {
    if (face === 'latin') return bold ? helveticaBold : helvetica;
    if (face === 'symbol') return symbol;
    if (unicode) return bold ? unicode.bold : unicode.regular;
    return bold ? helveticaBold : helvetica;
  };
  /** The page's runs; without DejaVu (a text not in `content`), a character it would draw shows as '?'. */
  const runsOf = (value: string) =>
    splitRuns(value).map((run) =>
      run.face === 'unicode' && !unicode ? { ...run, text: '?'.repeat([...run.text].length) } : run,
    );
  const page = doc.addPage([PAGE.width, PAGE.height]);
  // Without DejaVu embedded, a character no standard font has is replaced, never drawn as an empty box.
  const line = (value: string) =>
    toSingleLine(toDrawableText(value, unicode ? hasGlyph : (codePoint) => faceOf(codePoint) !== 'unicode'));
  const widthOf: CoversheetPage['widthOf'] = (value, size, bold = false) =>
    runsOf(value).reduce((sum, run) => sum + fontOf(run.face, bold).widthOfTextAtSize(run.text, size), 0);
  const draw: CoversheetPage['draw'] = (value, x, y, options = {}) => {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    let left = x;
    for (const run of runsOf(value)) {
      const font = fontOf(run.face, bold);
      page.drawText(run.text, { x: left, y, size, font, color: options.color ?? INK });
      left += font.widthOfTextAtSize(run.text, size);
    }
  };
  const drawFitted: CoversheetPage['drawFitted'] = (value, x, y, width, options = {}) => {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    let text = line(value);
    if (widthOf(text, size, bold) > width) {
      while (text.length > 1 && widthOf(`${text}…`, size, bold) > width) text = text.slice(0, -1);
      text = `${text.trimEnd()}…`;
    }
    draw(text, x, y, options);
  };
  const heading = (value: string, y: number) => {
    page.drawRectangle({ x: MARGIN, y: y - 5, width: CONTENT_WIDTH, height: 17, color: BAND });
    draw(value, MARGIN + 6, y, { size: 10, bold: true });
    return y - 22;
  };

  let y = PAGE.height - MARGIN;
  drawFitted(header.clinicName, MARGIN, y, CONTENT_WIDTH * 0.6, { size: 9, color: MUTED });
  const tag = 'COVERSHEET';
  draw(tag, PAGE.width - MARGIN - widthOf(tag, 8, true), y, { size: 8, bold: true, color: ACCENT });
  y -= 24;
  draw(line(title), MARGIN, y, { size: 18, bold: true });
  const subtitleText = line(subtitle);
  draw(subtitleText, PAGE.width - MARGIN - widthOf(subtitleText, 9), y + 2, {
    size: 9,
    color: MUTED,
  });
  y -= 12;
  page.drawRectangle({ x: MARGIN, y, width: CONTENT_WIDTH, height: 1.5, color: ACCENT });
  y -= 18;

  const device = header.device;
  const deviceText =
    [device.type, device.manufacturer, device.model].filter((part) => part?.trim()).join(' · ') || '—';
  const left: [string, string][] = [
    ['Patient', header.patient.name || '—'],
    ['Patient ID', header.patient.patientId || '—'],
    ['Date of birth', header.patient.dob ? formatUsDate(header.patient.dob) : '—'],
  ];
  const right: [string, string][] = [
    ['Document', header.documentLabel],
    ['Date of service', formatUsDate(header.dos)],
    ['Device', deviceText],
    ['Serial number', device.serialNumber || '—'],
  ];
  const column = CONTENT_WIDTH / 2;
  const rows = Math.max(left.length, right.length);
  for (let index = 0; index < rows; index += 1) {
    for (const [offset, pairs] of [
      [0, left],
      [column, right],
    ] as const) {
      const pair = pairs[index];
      if (!pair) continue;
      draw(pair[0], MARGIN + offset, y, { size: 8.5, color: MUTED });
      drawFitted(pair[1], MARGIN + offset + 78, y, column - 86, { size: 9.5, bold: true });
    }
    y -= 14;
  }
  y -= 6;

  const footer = `Generated ${formatUsDate(generatedAt)} by the portal. This coversheet is not part of the signed report; the report follows.`;
  page.drawRectangle({ x: MARGIN, y: MARGIN + 10, width: CONTENT_WIDTH, height: 0.75, color: RULE });
  drawFitted(footer, MARGIN, MARGIN, CONTENT_WIDTH, { size: 7.5, color: MUTED });

  return { doc, page, line, widthOf, draw, drawFitted, heading, top: y };
}

/**
 * A line through `values` in the box (x, y is its bottom-left), scaled to the values' range, as a pdf-lib
 * path. Long series are thinned to at most `maxPoints` (the mean of each bucket).
 */
export function drawTrendLine(
  page: PDFPage,
  values: readonly number[],
  box: { x: number; y: number; width: number; height: number },
  options: { color?: ReturnType<typeof rgb>; maxPoints?: number; lineWidth?: number } = {},
): void {
  const points = thin(values, options.maxPoints ?? 60);
  if (points.length === 0) return;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const step = points.length > 1 ? box.width / (points.length - 1) : 0;
  // drawSvgPath puts the path's origin at (x, y) with y growing downwards.
  const yOf = (value: number) =>
    max === min ? box.height / 2 : box.height - ((value - min) / span) * box.height;
  const path = points
    .map((value, index) => `${index === 0 ? 'M' : 'L'} ${(index * step).toFixed(2)} ${yOf(value).toFixed(2)}`)
    .join(' ');
  const color = options.color ?? ACCENT;
  if (points.length === 1) {
    page.drawCircle({ x: box.x + box.width / 2, y: box.y + box.height / 2, size: 1.4, color });
    return;
  }
  page.drawSvgPath(path, {
    x: box.x,
    y: box.y + box.height,
    borderColor: color,
    borderWidth: options.lineWidth ?? 0.9,
  });
  const last = points.at(-1) as number;
  page.drawCircle({ x: box.x + box.width, y: box.y + box.height - yOf(last), size: 1.3, color });
}

function thin(values: readonly number[], maxPoints: number): number[] {
  if (values.length <= maxPoints) return [...values];
  const size = values.length / maxPoints;
  const out: number[] = [];
  for (let bucket = 0; bucket < maxPoints; bucket += 1) {
    const slice = values.slice(Math.floor(bucket * size), Math.floor((bucket + 1) * size));
    out.push(slice.reduce((sum, value) => sum + value, 0) / Math.max(slice.length, 1));
  }
  return out;
}

/** A flag's marker: a filled square in its colour. */
export function drawFlagMarker(page: PDFPage, level: FlagLevel, x: number, y: number): void {
  page.drawRectangle({ x, y, width: 6, height: 6, color: FLAG_COLORS[level] });
}

/**
 * The af-alert template's section: the AF-without-OAC flag, the OAC status and history, and the AT/AF
 * burden trend. Returns the y below it.
 */
export function drawAfAlertSection(sheet: CoversheetPage, af: AfAlertSection, top: number): number {
  const { page, draw, drawFitted } = sheet;
  let y = sheet.heading('Atrial fibrillation and anticoagulation', top);
  if (af.isAfWithoutOac) {
    page.drawRectangle({
      x: MARGIN,
      y: y - 5,
      width: CONTENT_WIDTH,
      height: 17,
      color: rgb(0.99, 0.93, 0.93),
    });
    drawFlagMarker(page, 'critical', MARGIN + 6, y - 0.5);
    draw('AF without OAC: AF history or AF alerts, and not on anticoagulation', MARGIN + 18, y, {
      size: 9.5,
      bold: true,
      color: FLAG_COLORS.critical,
    });
    y -= 20;
  }
  draw('OAC status', MARGIN, y, { size: 8.5, color: MUTED });
  drawFitted(af.oacStatus, MARGIN + 78, y, 200, { size: 9.5, bold: true });
  y -= 14;
  draw('OAC history', MARGIN, y, { size: 8.5, color: MUTED });
  if (af.oacHistory.length === 0) {
    draw('None recorded', MARGIN + 78, y, { size: 9 });
    y -= 14;
  }
  for (const entry of af.oacHistory.slice(0, 4)) {
    const period = `${formatUsDate(entry.startDate)} – ${entry.endDate ? formatUsDate(entry.endDate) : 'ongoing'}`;
    drawFitted(entry.medication, MARGIN + 78, y, 220, { size: 9 });
    draw(period, MARGIN + 310, y, { size: 9, color: MUTED });
    y -= 13;
  }
  if (af.oacHistory.length > 4) {
    draw(`and ${af.oacHistory.length - 4} earlier`, MARGIN + 78, y, { size: 8.5, color: MUTED });
    y -= 13;
  }
  y -= 4;
  draw('AT/AF burden (%)', MARGIN, y, { size: 8.5, color: MUTED });
  if (af.burden.length === 0) {
    draw('No AT/AF burden values on record', MARGIN + 78, y, { size: 9 });
    return y - 16;
  }
  const values = af.burden.map((point) => point.value);
  const box = { x: MARGIN + 78, y: y - 46, width: CONTENT_WIDTH - 150, height: 50 };
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: RULE,
    borderWidth: 0.5,
  });
  drawTrendLine(
    page,
    values,
    { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 },
    {
      maxPoints: 120,
      color: FLAG_COLORS.critical,
    },
  );
  const max = Math.max(...values);
  const min = Math.min(...values);
  const latest = values.at(-1) as number;
  draw(`max ${max.toFixed(1)}%`, box.x + box.width + 6, box.y + box.height - 8, { size: 7.5, color: MUTED });
  draw(`min ${min.toFixed(1)}%`, box.x + box.width + 6, box.y + 2, { size: 7.5, color: MUTED });
  draw(`latest ${latest.toFixed(1)}%`, box.x + box.width + 6, box.y + box.height / 2 - 3, {
    size: 8,
    bold: true,
  });
  const first = af.burden[0] as { at: number };
  const last = af.burden.at(-1) as { at: number };
  draw(formatUsDate(new Date(first.at)), box.x, box.y - 10, { size: 7.5, color: MUTED });
  const lastText = formatUsDate(new Date(last.at));
  draw(lastText, box.x + box.width - sheet.widthOf(lastText, 7.5), box.y - 10, {
    size: 7.5,
    color: MUTED,
  });
  return box.y - 24;
}
