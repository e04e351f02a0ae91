import {
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from 'pdf-lib';
import type { DemoReportContent, Highlight } from './demo-report-content';
import { drawParagraphs } from './draw-paragraphs';
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
  page: PDFPage,
  content: DemoReportContent,
  at: { clinicName: string; pageCount: number; fonts: ReportFonts },
): void {
  const { fonts } = at;
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 80, width: PAGE_WIDTH, height: 80, color: COLORS.primary });
  const nameSize = Math.min(20, (20 * 400) / fonts.bold.widthOfTextAtSize(at.clinicName, 20));
  drawLabel(page, at.clinicName, {
    x: MARGIN,
    y: 752,
    size: nameSize,
    font: fonts.bold,
    color: COLORS.white,
  });
  drawLabel(page, `Cardiac Device Clinic  ·  ${content.serviceLineLabel}`, {
    x: MARGIN,
    y: 734,
    size: 9,
    font: fonts.regular,
    color: COLORS.primaryLight,
  });
  drawHeartbeatMark(page, PAGE_WIDTH - MARGIN - 70, 740);

  drawLabel(page, 'Remote Monitoring Report', { x: MARGIN, y: 668, size: 24, font: fonts.bold });
  drawLabel(page, `${content.typeLabel} report  ·  ${content.serviceLineLabel}`, {
    x: MARGIN,
    y: 648,
    size: 12,
    font: fonts.regular,
    color: COLORS.muted,
  });

  let y = 626;
  if (content.isAlert) {
    const size = Math.min(
      10.5,
      (10.5 * (CONTENT_WIDTH - 28)) / fonts.bold.widthOfTextAtSize(content.alertText, 10.5),
    );
    page.drawRectangle({ x: MARGIN, y: y - 44, width: CONTENT_WIDTH, height: 44, color: COLORS.alertLight });
    page.drawRectangle({ x: MARGIN, y: y - 44, width: 4, height: 44, color: COLORS.alert });
    drawLabel(page, 'DEVICE ALERT', {
      x: MARGIN + 14,
      y: y - 16,
      size: 8.5,
      font: fonts.bold,
      color: COLORS.alert,
    });
    drawLabel(page, content.alertText, { x: MARGIN + 14, y: y - 33, size, font: fonts.bold });
    y -= 60;
  }

  const halfWidth = (CONTENT_WIDTH - 16) / 2;
  const panelRows = Math.max(content.patientRows.length, content.deviceRows.length);
  drawPanel(page, 'PATIENT', content.patientRows, { x: MARGIN, y, width: halfWidth, rows: panelRows, fonts });
  drawPanel(page, 'DEVICE', content.deviceRows, {
    x: MARGIN + halfWidth + 16,
    y,
    width: halfWidth,
    rows: panelRows,
    fonts,
  });
  y -= panelHeight(panelRows) + 16;
  drawPanel(page, 'TRANSMISSION', content.transmissionRows, {
    x: MARGIN,
    y,
    width: CONTENT_WIDTH,
    rows: content.transmissionRows.length,
    fonts,
  });
  y -= panelHeight(content.transmissionRows.length) + 16;
  y = drawHighlights(page, content.highlights, { y, fonts }) - 26;

  const onePage = at.pageCount === 1;
  drawLabel(page, onePage ? 'Findings' : 'Summary', {
    x: MARGIN,
    y,
    size: 12,
    font: fonts.bold,
    color: COLORS.primary,
  });
  y = drawParagraphs(page, onePage ? content.findings : [content.summary], {
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
    drawLabel(page, 'Contents', { x: MARGIN, y, size: 12, font: fonts.bold, color: COLORS.primary });
    const strips = content.episodeStrips.length;
    drawParagraphs(
      page,
      [
        `Page 2: ${content.measurementTitle}, presenting rhythm and findings`,
        ...(at.pageCount > 2
          ? [
              `Page${at.pageCount > 3 ? `s 3–${at.pageCount}` : ' 3'}: stored episodes with ${strips} rhythm strips`,
            ]
          : []),
      ],
      { x: MARGIN, y: y - 4, width: CONTENT_WIDTH, floor: 84, font: fonts.regular, size: 9.5, bullets: true },
    );
  }
  drawLabel(
    page,
    'Prepared from remotely transmitted data by the device clinic. Clinical decisions rest with the reviewing physician.',
    { x: MARGIN, y: 62, size: 7.5, font: fonts.regular, color: COLORS.muted },
  );
}

function panelHeight(rows: number): number {
  return 30 + rows * ROW_HEIGHT;
}

function drawPanel(
  page: PDFPage,
  title: string,
  rows: [string, string][],
  at: { x: number; y: number; width: number; rows: number; fonts: ReportFonts },
): void {
  const { x, y, width, fonts } = at;
  const height = panelHeight(at.rows);
  page.drawRectangle({
    x,
    y: y - height,
    width,
    height,
    color: COLORS.panel,
    borderColor: COLORS.rule,
    borderWidth: 0.6,
  });
  page.drawRectangle({ x, y: y - height, width: 3, height, color: COLORS.primary });
  drawLabel(page, title, { x: x + 14, y: y - 17, size: 8, font: fonts.bold, color: COLORS.primary });
  const valueWidth = width - 124;
  for (const [index, [label, value]] of rows.entries()) {
    const rowY = y - 35 - index * ROW_HEIGHT;
    drawLabel(page, label, { x: x + 14, y: rowY, size: 8.5, font: fonts.regular, color: COLORS.muted });
    const size = Math.min(9.5, (9.5 * valueWidth) / Math.max(1, fonts.bold.widthOfTextAtSize(value, 9.5)));
    drawLabel(page, value, { x: x + 118, y: rowY, size, font: fonts.bold });
  }
}

/** The letterhead's mark: one white heartbeat. */
function drawHeartbeatMark(page: PDFPage, x: number, y: number): void {
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
  page.pushOperators(
    pushGraphicsState(),
    setStrokingRgbColor(1, 1, 1),
    setLineWidth(2),
    setLineJoin(LineJoinStyle.Round),
    setLineCap(LineCapStyle.Round),
    ...points.map(([dx, dy], index) => (index === 0 ? moveTo : lineTo)(x + dx, y + dy)),
    stroke(),
    popGraphicsState(),
  );
}

/** Result tiles in one row; returns the y below them. */
function drawHighlights(
  page: PDFPage,
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
    page.drawRectangle({
      x,
      y: at.y - height,
      width,
      height,
      color: COLORS.white,
      borderColor: COLORS.rule,
      borderWidth: 0.6,
    });
    page.drawRectangle({ x, y: at.y - 3, width, height: 3, color });
    drawLabel(page, fitText(highlight.label.toUpperCase(), fonts.bold, 7, width - 20), {
      x: x + 10,
      y: at.y - 16,
      size: 7,
      font: fonts.bold,
      color: COLORS.muted,
    });
    const valueSize = Math.min(14, (14 * (width - 20)) / fonts.bold.widthOfTextAtSize(highlight.value, 14));
    drawLabel(page, highlight.value, { x: x + 10, y: at.y - 34, size: valueSize, font: fonts.bold, color });
    drawLabel(page, fitText(highlight.detail, fonts.regular, 7.5, width - 20), {
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
