import type { DemoReportContent } from './demo-report-content';
import { drawParagraphs } from './draw-paragraphs';
import type { StripResources } from './draw-rhythm-strip';
import { drawStripBlock } from './draw-strip-block';
import { drawTable } from './draw-table';
import type { ReportCanvas } from './report-canvas';
import { COLORS, CONTENT_WIDTH, drawLabel, MARGIN, type ReportFonts } from './report-style';

/** Page 2: the measurement tables, the presenting rhythm and the findings. */
export function drawMeasurementsPage(
  canvas: ReportCanvas,
  content: DemoReportContent,
  at: { fonts: ReportFonts; resources: StripResources },
): void {
  const { fonts } = at;
  drawLabel(canvas, capitalize(content.measurementTitle), { x: MARGIN, y: 704, size: 14, font: fonts.bold });
  let y = 690;
  for (const table of content.tables) {
    y = drawTable(canvas, table, { x: MARGIN, y, width: CONTENT_WIDTH, fonts }) - 14;
  }
  if (content.presentingStrip) {
    y =
      drawStripBlock(canvas, content.presentingStrip, {
        y: y - 4,
        size: 'compact',
        fonts,
        resources: at.resources,
      }) - 10;
  }
  drawLabel(canvas, 'Findings', { x: MARGIN, y: y - 12, size: 11, font: fonts.bold, color: COLORS.primary });
  drawParagraphs(canvas, content.findings, {
    x: MARGIN,
    y: y - 16,
    width: CONTENT_WIDTH,
    floor: 58,
    font: fonts.regular,
    size: 9,
    bullets: true,
  });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
