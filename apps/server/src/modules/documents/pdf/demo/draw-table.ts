import type { PDFPage } from 'pdf-lib';
import type { Cell, Table } from './demo-report-content';
import { COLORS, drawLabel, type ReportFonts } from './report-style';

const TITLE_HEIGHT = 18;
const HEADER_HEIGHT = 16;
const ROW_HEIGHT = 15;
const PADDING = 6;

/** A titled table with a tinted header row and zebra rows, its top at `y`; returns the y below it. */
export function drawTable(
  page: PDFPage,
  table: Table,
  at: { x: number; y: number; width: number; fonts: ReportFonts },
): number {
  const { x, width, fonts } = at;
  let y = at.y;
  drawLabel(page, table.title, { x, y: y - 11, size: 10, font: fonts.bold, color: COLORS.primary });
  y -= TITLE_HEIGHT;

  const columns = table.columns.map((column, index) => {
    const left = x + width * table.columns.slice(0, index).reduce((sum, previous) => sum + previous.width, 0);
    return { ...column, left, right: left + width * column.width };
  });
  page.drawRectangle({ x, y: y - HEADER_HEIGHT, width, height: HEADER_HEIGHT, color: COLORS.primaryLight });
  for (const column of columns) {
    drawLabel(page, column.title, {
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
    if (rowIndex % 2 === 1)
      page.drawRectangle({ x, y: y - ROW_HEIGHT, width, height: ROW_HEIGHT, color: COLORS.zebra });
    for (const [index, column] of columns.entries()) {
      const cell: Cell = row[index] ?? { text: '' };
      drawLabel(page, cell.text, {
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
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.6, color: COLORS.rule });
  return y;
}
