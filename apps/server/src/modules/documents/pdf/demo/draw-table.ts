import type { Cell, Table } from './demo-report-content';
import type { ReportCanvas } from './report-canvas';
import { COLORS, drawLabel, type ReportFonts } from './report-style';

const TITLE_HEIGHT = 18;
const HEADER_HEIGHT = 16;
const ROW_HEIGHT = 15;
const PADDING = 6;

/** A titled table with a tinted header row and zebra rows, its top at `y`; returns the y below it. */
export function drawTable(
  canvas: ReportCanvas,
  table: Table,
  at: { x: number; y: number; width: number; fonts: ReportFonts },
): number {
  const { x, width, fonts } = at;
  let y = at.y;
  drawLabel(canvas, table.title, { x, y: y - 11, size: 10, font: fonts.bold, color: COLORS.primary });
  y -= TITLE_HEIGHT;

  const columns = table.columns.map((column, index) => {
    const left = x + width * table.columns.slice(0, index).reduce((sum, previous) => sum + previous.width, 0);
    return { ...column, left, right: left + width * column.width };
  });
  canvas.rectangle(x, y - HEADER_HEIGHT, width, HEADER_HEIGHT, { fill: COLORS.primaryLight });
  for (const column of columns) {
    drawLabel(canvas, column.title, {
      x: column.align === 'right' ? column.right - PADDING : column.left + PADDING,
      y: y - 11,
      size: 7.5,
      font: fonts.bold,
      color: COLORS.text,
      align: column.align ?? 'left',
    });
  }
  y -= HEADER_HEIGHT;

  for (const [rowIndex, row] of table.rows.entries()) {
    if (rowIndex % 2 === 1) canvas.rectangle(x, y - ROW_HEIGHT, width, ROW_HEIGHT, { fill: COLORS.zebra });
    for (const [index, column] of columns.entries()) {
      const cell: Cell = row[index] ?? { text: '' };
      drawLabel(canvas, cell.text, {
        x: column.align === 'right' ? column.right - PADDING : column.left + PADDING,
        y: y - 10.5,
        size: 8.5,
        font: cell.tone && cell.tone !== 'normal' ? fonts.bold : fonts.regular,
        color: cell.tone ? COLORS[cell.tone] : COLORS.text,
        align: column.align ?? 'left',
      });
    }
    y -= ROW_HEIGHT;
  }
  canvas.line([x, y], [x + width, y], { color: COLORS.rule, width: 0.6 });
  return y;
}
