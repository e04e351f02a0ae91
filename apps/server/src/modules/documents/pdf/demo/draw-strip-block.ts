import type { StripSpec } from './demo-report-content';
import { drawRhythmStrip, STRIP_HEIGHTS, type StripResources, type StripSize } from './draw-rhythm-strip';
import type { ReportCanvas } from './report-canvas';
import { COLORS, drawLabel, MARGIN, PAGE_WIDTH, type ReportFonts } from './report-style';

/** A titled rhythm strip with its scale and interpretation underneath; its top at `y`. Returns the y below it. */
export function drawStripBlock(
  canvas: ReportCanvas,
  strip: StripSpec,
  at: { y: number; size: StripSize; fonts: ReportFonts; resources: StripResources },
): number {
  const height = STRIP_HEIGHTS[at.size];
  const { fonts } = at;
  const right = PAGE_WIDTH - MARGIN;
  const irregular = strip.rhythm !== 'sinus';
  drawLabel(canvas, strip.title, {
    x: MARGIN,
    y: at.y - 9,
    size: 9,
    font: fonts.bold,
    color: irregular ? COLORS.alert : COLORS.text,
  });
  drawLabel(canvas, `${strip.recordedAt}  ·  ${irregular ? 'mean ' : ''}${strip.heartRate} bpm`, {
    x: right,
    y: at.y - 9,
    size: 8,
    font: fonts.regular,
    color: COLORS.muted,
    align: 'right',
  });
  const paperY = at.y - 14 - height;
  drawRhythmStrip(canvas, at.resources, strip, { x: MARGIN, y: paperY, size: at.size, fonts });
  drawLabel(canvas, `${strip.lead}  ·  25 mm/s  ·  10 mm/mV`, {
    x: MARGIN,
    y: paperY - 10,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
  });
  drawLabel(canvas, strip.interpretation, {
    x: right,
    y: paperY - 10,
    size: 7.5,
    font: fonts.regular,
    align: 'right',
  });
  return paperY - 16;
}
