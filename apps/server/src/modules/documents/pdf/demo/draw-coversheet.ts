import type { DemoReportContent, Highlight } from './demo-report-content';
import { drawParagraphs } from './draw-paragraphs';
import { num, type ReportCanvas } from './report-canvas';
import {
  COLORS,
  CONTENT_WIDTH,
  drawLabel,
  MARGIN,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type ReportFont,
  type ReportFonts,
} from './report-style';

const ROW_HEIGHT = 17;

/** Page 1: clinic letterhead, title, report type, the alert if any, patient, device and transmission panels. */
export function drawCoversheet(
  canvas: ReportCanvas,
  content: DemoReportContent,
  at: { clinicName: string; pageCount: number; fonts: ReportFonts },
): void {
  const { fonts } = at;
  canvas.rectangle(0, PAGE_HEIGHT - 80, PAGE_WIDTH, 80, { fill: COLORS.primary });
  const nameSize = Math.min(20, (20 * 400) / fonts.bold.widthOfTextAtSize(at.clinicName, 20));
  drawLabel(canvas, at.clinicName, {
    x: MARGIN,
    y: 752,
    size: nameSize,
    font: fonts.bold,
    color: COLORS.white,
  });
  drawLabel(canvas, `${content.letterhead}  ·  ${content.serviceLineLabel}`, {
    x: MARGIN,
    y: 734,
    size: 9,
    font: fonts.regular,
    color: COLORS.primaryLight,
  });
  drawHeartbeatMark(canvas, PAGE_WIDTH - MARGIN - 70, 740);

  drawLabel(canvas, content.title, { x: MARGIN, y: 668, size: 24, font: fonts.bold });
  drawLabel(canvas, `${content.typeLabel} report  ·  ${content.serviceLineLabel}`, {
    x: MARGIN,
    y: 648,
    size: 12,
    font: fonts.regular,
    color: COLORS.muted,
  });

  let y = 626;
  const banner = content.alertBanner;
  if (banner) {
    const size = Math.min(
      10.5,
      (10.5 * (CONTENT_WIDTH - 28)) / fonts.bold.widthOfTextAtSize(banner.text, 10.5),
    );
    const color = COLORS[banner.tone];
    canvas.rectangle(MARGIN, y - 44, CONTENT_WIDTH, 44, {
      fill: banner.tone === 'alert' ? COLORS.alertLight : COLORS.warningLight,
    });
    canvas.rectangle(MARGIN, y - 44, 4, 44, { fill: color });
    drawLabel(canvas, banner.label, { x: MARGIN + 14, y: y - 16, size: 8.5, font: fonts.bold, color });
    drawLabel(canvas, banner.text, { x: MARGIN + 14, y: y - 33, size, font: fonts.bold });
    y -= 60;
  }

  const halfWidth = (CONTENT_WIDTH - 16) / 2;
  const panelRows = Math.max(content.patientRows.length, content.deviceRows.length);
  drawPanel(canvas, 'PATIENT', content.patientRows, {
    x: MARGIN,
    y,
    width: halfWidth,
    rows: panelRows,
    fonts,
  });
  drawPanel(canvas, content.deviceTitle, content.deviceRows, {
    x: MARGIN + halfWidth + 16,
    y,
    width: halfWidth,
    rows: panelRows,
    fonts,
  });
  y -= panelHeight(panelRows) + 16;
  drawPanel(canvas, content.sessionTitle, content.sessionRows, {
    x: MARGIN,
    y,
    width: CONTENT_WIDTH,
    rows: content.sessionRows.length,
    fonts,
  });
  y -= panelHeight(content.sessionRows.length) + 16;
  y = drawHighlights(canvas, content.highlights, { y, fonts }) - 26;

  const onePage = at.pageCount === 1;
  drawLabel(canvas, onePage ? 'Findings' : 'Summary', {
    x: MARGIN,
    y,
    size: 12,
    font: fonts.bold,
    color: COLORS.primary,
  });
  y = drawParagraphs(canvas, onePage ? content.findings : [content.summary], {
    x: MARGIN,
    y: y - 4,
    width: CONTENT_WIDTH,
    floor: 84,
    font: fonts.regular,
    size: 9.5,
    bullets: onePage,
  });
  if (!onePage) {
    y -= 18;
    drawLabel(canvas, 'Contents', { x: MARGIN, y, size: 12, font: fonts.bold, color: COLORS.primary });
    drawParagraphs(canvas, contentsOf(content), {
      x: MARGIN,
      y: y - 4,
      width: CONTENT_WIDTH,
      floor: 84,
      font: fonts.regular,
      size: 9.5,
      bullets: true,
    });
  }
  drawLabel(canvas, content.footnote, {
    x: MARGIN,
    y: 62,
    size: 7.5,
    font: fonts.regular,
    color: COLORS.muted,
  });
}

/** 'Page 2: …', then each run of pages with the same title: 'Pages 3–5: stored episodes, 9 rhythm strips'. */
function contentsOf(content: DemoReportContent): string[] {
  const lines = [
    `Page 2: ${content.measurementTitle}${content.presentingStrip ? ', rhythm strip' : ''} and findings`,
  ];
  let first = 0;
  content.laterPages.forEach((page, index) => {
    const next = content.laterPages[index + 1];
    if (next && next.title === page.title) return;
    const run = content.laterPages.slice(first, index + 1);
    const pages = first === index ? `Page ${first + 3}` : `Pages ${first + 3}–${index + 3}`;
    const what =
      page.kind === 'episodes'
        ? `${page.title}, ${run.reduce((sum, item) => sum + (item.kind === 'episodes' ? item.strips.length : 0), 0)} rhythm strips`
        : `${page.title}, ${run.reduce((sum, item) => sum + (item.kind === 'table' ? item.table.rows.length : 0), 0)} entries`;
    lines.push(`${pages}: ${what}`);
    first = index + 1;
  });
  return lines;
}

function panelHeight(rows: number): number {
  return 30 + rows * ROW_HEIGHT;
}

function drawPanel(
  canvas: ReportCanvas,
  title: string,
  rows: [string, string][],
  at: { x: number; y: number; width: number; rows: number; fonts: ReportFonts },
): void {
  const { x, y, width, fonts } = at;
  const height = panelHeight(at.rows);
  canvas.rectangle(x, y - height, width, height, {
    fill: COLORS.panel,
    stroke: { color: COLORS.rule, width: 0.6 },
  });
  canvas.rectangle(x, y - height, 3, height, { fill: COLORS.primary });
  drawLabel(canvas, title, { x: x + 14, y: y - 17, size: 8, font: fonts.bold, color: COLORS.primary });
  const valueWidth = width - 124;
  for (const [index, [label, value]] of rows.entries()) {
    const rowY = y - 35 - index * ROW_HEIGHT;
    drawLabel(canvas, label, { x: x + 14, y: rowY, size: 8.5, font: fonts.regular, color: COLORS.muted });
    const size = Math.min(9.5, (9.5 * valueWidth) / Math.max(1, fonts.bold.widthOfTextAtSize(value, 9.5)));
    drawLabel(canvas, value, { x: x + 118, y: rowY, size, font: fonts.bold });
  }
}

/** The letterhead's mark: one white heartbeat. */
function drawHeartbeatMark(canvas: ReportCanvas, x: number, y: number): void {
  const points: [number, number][] = [
    [0, 0],
    [22, 0],
    [27, 6],
    [32, 0],
    [36, 0],
    [40, -8],
    [45, 24],
    [50, -14],
    [54, 0],
    [60, 0],
    [66, 8],
    [72, 0],
  ];
  const path = points.map(([dx, dy], index) => `${num(x + dx)} ${num(y + dy)} ${index === 0 ? 'm' : 'l'}`);
  canvas.operators(`q 1 1 1 RG 2 w 1 j 1 J ${path.join(' ')} S Q`);
}

/** Result tiles in one row; returns the y below them. */
function drawHighlights(
  canvas: ReportCanvas,
  highlights: Highlight[],
  at: { y: number; fonts: ReportFonts },
): number {
  const { fonts } = at;
  const gap = 10;
  const width = (CONTENT_WIDTH - gap * (highlights.length - 1)) / highlights.length;
  const height = 54;
  for (const [index, highlight] of highlights.entries()) {
    const x = MARGIN + index * (width + gap);
    const color = COLORS[highlight.tone];
    canvas.rectangle(x, at.y - height, width, height, {
      fill: COLORS.white,
      stroke: { color: COLORS.rule, width: 0.6 },
    });
    canvas.rectangle(x, at.y - 3, width, 3, { fill: color });
    drawLabel(canvas, fitText(highlight.label.toUpperCase(), fonts.bold, 7, width - 20), {
      x: x + 10,
      y: at.y - 16,
      size: 7,
      font: fonts.bold,
      color: COLORS.muted,
    });
    const valueSize = Math.min(14, (14 * (width - 20)) / fonts.bold.widthOfTextAtSize(highlight.value, 14));
    drawLabel(canvas, highlight.value, { x: x + 10, y: at.y - 34, size: valueSize, font: fonts.bold, color });
    drawLabel(canvas, fitText(highlight.detail, fonts.regular, 7.5, width - 20), {
      x: x + 10,
      y: at.y - 47,
      size: 7.5,
      font: fonts.regular,
      color: COLORS.muted,
    });
  }
  return at.y - height;
}

/** The text, cut with '…' if it is wider than `width`. */
function fitText(text: string, font: ReportFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
