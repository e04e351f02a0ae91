import { formatUsDate } from '@portal/domain';
import type { PDFDocument } from 'pdf-lib';
import type { LongitudinalCoversheetInput } from './coversheet-input';
import {
  CONTENT_WIDTH,
  drawAfAlertSection,
  drawFlagMarker,
  drawTrendLine,
  FLAG_COLORS,
  MARGIN,
  MUTED,
  RULE,
  startCoversheetPage,
} from './coversheet-page';

const ROW_HEIGHT = 16;
/** Rows that fit with the af-alert section below; without it, more do. */
const MAX_ROWS = { default: 24, 'af-alert': 15 } as const;

/**
 * The longitudinal coversheet (issue 14 §5): the patient and device, a table of the key measurements in
 * the document's session with the previous session's and the baseline's values and the comparisons, a
 * small trend line per measurement, and the flags. The af-alert template adds its section. One page.
 */
export async function drawLongitudinalCoversheet(
  input: LongitudinalCoversheetInput,
  generatedAt: Date,
): Promise<PDFDocument> {
  const sheet = await startCoversheetPage(
    input.header,
    'Device Summary',
    input.template === 'af-alert' ? 'Longitudinal · AF alert' : 'Longitudinal',
    generatedAt,
    input,
  );
  const { page, draw, drawFitted } = sheet;
  let y = sheet.top;

  const sessionText = input.session
    ? `Session of ${formatUsDate(input.session.date)} (${input.session.kind}) · ${input.session.sessionCount} session${input.session.sessionCount === 1 ? '' : 's'} on record · comparison as ${input.comparisonMode}`
    : 'No device session on record for this patient.';
  y = sheet.heading('Key measurements', y);
  draw(sessionText, MARGIN, y, { size: 8.5, color: MUTED });
  y -= 16;

  const rows = input.rows.slice(0, MAX_ROWS[input.template]);
  if (rows.length > 0) {
    const columns = [
      { title: 'Measurement', x: MARGIN, width: 150 },
      { title: 'This session', x: MARGIN + 152, width: 70 },
      { title: 'Previous', x: MARGIN + 226, width: 62 },
      { title: 'vs previous', x: MARGIN + 290, width: 56 },
      { title: 'Baseline', x: MARGIN + 350, width: 62 },
      { title: 'vs baseline', x: MARGIN + 414, width: 56 },
      { title: 'Trend', x: MARGIN + 474, width: CONTENT_WIDTH - 474 },
    ];
    for (const column of columns) draw(column.title, column.x, y, { size: 8, bold: true, color: MUTED });
    y -= 5;
    page.drawRectangle({ x: MARGIN, y, width: CONTENT_WIDTH, height: 0.75, color: RULE });
    y -= 11;
    const [label, current, previous, vsPrevious, baseline, vsBaseline, trend] = columns as [
      (typeof columns)[0],
      (typeof columns)[0],
      (typeof columns)[0],
      (typeof columns)[0],
      (typeof columns)[0],
      (typeof columns)[0],
      (typeof columns)[0],
    ];
    for (const row of rows) {
      const color = row.flagLevel ? FLAG_COLORS[row.flagLevel] : undefined;
      drawFitted(row.label, label.x, y, label.width, { size: 8.5 });
      if (row.flagLevel) drawFlagMarker(page, row.flagLevel, current.x - 1, y + 0.5);
      drawFitted(row.current, current.x + (row.flagLevel ? 8 : 0), y, current.width - 8, {
        size: 8.5,
        bold: true,
        ...(color ? { color } : {}),
      });
      drawFitted(row.previous, previous.x, y, previous.width, { size: 8.5 });
      drawFitted(formatComparison(row.vsPrevious, input.comparisonMode), vsPrevious.x, y, vsPrevious.width, {
        size: 8.5,
        color: MUTED,
      });
      drawFitted(row.baseline, baseline.x, y, baseline.width, { size: 8.5 });
      drawFitted(formatComparison(row.vsBaseline, input.comparisonMode), vsBaseline.x, y, vsBaseline.width, {
        size: 8.5,
        color: MUTED,
      });
      drawTrendLine(
        page,
        row.trend,
        { x: trend.x, y: y - 2, width: trend.width - 4, height: 10 },
        color ? { color } : {},
      );
      y -= 4.5;
      page.drawRectangle({ x: MARGIN, y, width: CONTENT_WIDTH, height: 0.4, color: RULE });
      y -= ROW_HEIGHT - 4.5;
    }
    if (input.rows.length > rows.length) {
      y -= 2;
      draw(
        `${input.rows.length - rows.length} more measurements are in the portal's Trends tab.`,
        MARGIN,
        y,
        {
          size: 8,
          color: MUTED,
        },
      );
      y -= 12;
    }
    y -= 8;
  } else if (input.session) {
    draw('No measurements were recorded in this session.', MARGIN, y, { size: 9 });
    y -= 18;
  }

  y = sheet.heading('Flags', y);
  if (input.flags.length === 0) {
    draw('No measurement is outside the clinic’s thresholds.', MARGIN, y, { size: 9 });
    y -= 18;
  }
  const flagLimit = input.template === 'af-alert' ? 4 : 8;
  for (const flag of input.flags.slice(0, flagLimit)) {
    drawFlagMarker(page, flag.level, MARGIN + 2, y + 0.5);
    draw(flag.level === 'critical' ? 'Critical' : 'Warning', MARGIN + 14, y, {
      size: 8.5,
      bold: true,
      color: FLAG_COLORS[flag.level],
    });
    drawFitted(`${flag.label}: ${flag.message}`, MARGIN + 64, y, CONTENT_WIDTH - 64, { size: 8.5 });
    y -= 13;
  }
  if (input.flags.length > flagLimit) {
    draw(`and ${input.flags.length - flagLimit} more`, MARGIN + 64, y, { size: 8, color: MUTED });
    y -= 13;
  }
  y -= 6;
  if (input.af) drawAfAlertSection(sheet, input.af, y);
  return sheet.doc;
}

function formatComparison(value: number | null, mode: 'percentage' | 'difference'): string {
  if (value === null) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const magnitude = Math.abs(value);
  return mode === 'percentage' ? `${sign}${magnitude.toFixed(1)}%` : `${sign}${Number(magnitude.toFixed(2))}`;
}
