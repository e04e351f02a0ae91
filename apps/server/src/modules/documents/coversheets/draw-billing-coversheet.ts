import { formatUsDate } from '@portal/domain';
import { type PDFDocument, rgb } from 'pdf-lib';

import type { BillingCoversheetInput } from './coversheet-input';
import {
  CONTENT_WIDTH,
  drawAfAlertSection,
  FLAG_COLORS,
  MARGIN,
  MUTED,
  RULE,
  startCoversheetPage,
} from './coversheet-page';

const DAY_MS = 86_400_000;

/**
 * The billing coversheet (issue 14 §5): the CPT and ICD-10 codes, the date of service, the monitoring
 * period, the physicians, and whether the 30- or 90-day billing window has closed since the last billed
 * period. The af-alert template adds its section. One page.
 */
export async function drawBillingCoversheet(
  input: BillingCoversheetInput,
  generatedAt: Date,
): Promise<PDFDocument> {
  const sheet = await startCoversheetPage(
    input.header,
    'Billing Summary',
    input.template === 'af-alert' ? 'Billing · AF alert' : 'Billing',
    generatedAt,
    input,
  );
  const { page, draw, drawFitted } = sheet;
  let y = sheet.heading('Service', sheet.top);
  const pair = (label: string, value: string, bold = true) => {
    draw(label, MARGIN, y, { size: 8.5, color: MUTED });
    drawFitted(value, MARGIN + 130, y, CONTENT_WIDTH - 130, { size: 9.5, bold });
    y -= 15;
  };
  const { start, end } = input.monitoringPeriod;
  const periodDays = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  pair('Date of service', formatUsDate(input.header.dos));
  pair('Monitoring period', `${formatUsDate(start)} – ${formatUsDate(end)} (${periodDays} days)`);
  for (const physician of input.physicians) pair(physician.label, physician.name || 'Not recorded');
  y -= 4;

  y = sheet.heading('Codes', y);
  const codeBlock = (title: string, codes: readonly string[]) => {
    draw(title, MARGIN, y, { size: 8.5, color: MUTED });
    if (codes.length === 0) {
      draw('None recorded', MARGIN + 130, y, { size: 9.5 });
      y -= 15;
      return;
    }
    let x = MARGIN + 130;
    for (const code of codes) {
      const text = sheet.line(code);
      const width = sheet.widthOf(text, 10, true) + 14;
      if (x + width > MARGIN + CONTENT_WIDTH) {
        x = MARGIN + 130;
        y -= 20;
      }
      page.drawRectangle({
        x,
        y: y - 5,
        width,
        height: 17,
        borderColor: RULE,
        borderWidth: 0.75,
        color: rgb(0.97, 0.98, 0.99),
      });
      draw(text, x + 7, y, { size: 10, bold: true });
      x += width + 6;
    }
    y -= 22;
  };
  codeBlock('CPT', input.cptCodes);
  codeBlock('ICD-10', input.icd10Codes);
  y -= 2;

  y = sheet.heading('Billing window', y);
  const { window } = input;
  const status = window.closed ? 'Closed: billable' : 'Open: not yet billable';
  const statusColor = window.closed ? rgb(0.09, 0.45, 0.2) : FLAG_COLORS.warning;
  pair(`${window.days}-day window`, `CPT ${window.codes}`);
  draw('Status', MARGIN, y, { size: 8.5, color: MUTED });
  draw(status, MARGIN + 130, y, { size: 10.5, bold: true, color: statusColor });
  y -= 15;
  const detail =
    window.lastBilledEnd === null
      ? 'No earlier billed period is on record for this patient and report type.'
      : window.closed
        ? `${window.daysSince} days since the last billed period ended on ${formatUsDate(window.lastBilledEnd)}.`
        : `${window.daysSince} days since the last billed period ended on ${formatUsDate(window.lastBilledEnd)}; it closes in ${window.days - (window.daysSince ?? 0)} days.`;
  drawFitted(detail, MARGIN + 130, y, CONTENT_WIDTH - 130, { size: 9 });
  y -= 13;
  drawFitted(
    'Last billed period: the end of the patient’s latest earlier signed report of this type.',
    MARGIN + 130,
    y,
    CONTENT_WIDTH - 130,
    { size: 7.5, color: MUTED },
  );
  y -= 20;
  if (input.af) drawAfAlertSection(sheet, input.af, y);
  return sheet.doc;
}
