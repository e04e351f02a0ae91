import {
  formatMeasurementValue,
  formatUsDate,
  groupDeviceCheckFields,
  LEAD_CONFIGURATION_KEYS,
  type LeadConfigurationKey,
  type SessionDeviceType,
} from '@portal/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { toDrawableText, toSingleLine } from '../documents/pdf/drawable-text';
import { embedDejaVuFonts, loadDejaVuFonts } from '../documents/pdf/fonts';
import { wrapText } from '../documents/pdf/wrap-text';

export type DeviceCheckReportInput = {
  clinicName: string;
  patient: { name: string; patientId: string; dob: string | null };
  device: {
    type: SessionDeviceType;
    manufacturer: string | null;
    model: string | null;
    serialNumber: string | null;
  };
  leadConfiguration: LeadConfigurationKey;
  sessionDate: Date;
  measurements: Readonly<Record<string, number | string>>;
  observations: string;
  programmingChanges: string | null;
  nextFollowUp: string | null;
  technicianName: string;
  /** When the report was (re)generated: shown with the technician's name. */
  generatedAt: Date;
};

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.82, 0.85, 0.89);
const BAND = rgb(0.93, 0.95, 0.98);

function configurationLabel(key: LeadConfigurationKey): string {
  return Object.entries(LEAD_CONFIGURATION_KEYS).find(([, value]) => value === key)?.[0] ?? key;
}

/**
 * The in-person device check report (issue 14 §4): the patient and device, every value with its unit
 * grouped (battery, each lead, HV, pacing %, episodes, therapies), the observations, programming changes,
 * next follow-up, and the technician's name and the date. Text is DejaVu Sans (Ω and any name draw).
 */
export async function generateDeviceCheckPdf(
  input: DeviceCheckReportInput,
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer('pdf-lib');
  doc.setCreator('Cardiac portal');
  doc.setTitle('In-Person Device Check');
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  const files = await loadDejaVuFonts();
  const hasGlyph = (codePoint: number) => files.regular.hasGlyph(codePoint) && files.bold.hasGlyph(codePoint);
  const text = (value: string) => toDrawableText(value, hasGlyph);
  const line = (value: string) => toSingleLine(text(value));
  const fonts = await embedDejaVuFonts(doc, JSON.stringify(input));

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const contentWidth = PAGE.width - 2 * MARGIN;
  const draw = (value: string, x: number, at: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(value, { x, y: at, size, font, color });
  const ensureRoom = (height: number) => {
    if (y - height >= MARGIN + 24) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const heading = (title: string) => {
    ensureRoom(40);
    y -= 10;
    page.drawRectangle({ x: MARGIN, y: y - 5, width: contentWidth, height: 18, color: BAND });
    draw(title, MARGIN + 6, y, 10.5, fonts.bold);
    y -= 19;
  };
  const pair = (label: string, value: string, x: number, width: number) => {
    draw(line(label), x, y, 9, fonts.regular, MUTED);
    const valueWidth = fonts.bold.widthOfTextAtSize(value, 9.5);
    draw(value, x + width - valueWidth - 8, y, 9.5, fonts.bold);
  };
  const paragraph = (value: string) => {
    for (const wrapped of wrapText(text(value), contentWidth - 12, (part) =>
      fonts.regular.widthOfTextAtSize(part, 10),
    )) {
      ensureRoom(14);
      draw(wrapped, MARGIN + 6, y, 10, fonts.regular);
      y -= 14;
    }
  };

  draw(line(input.clinicName), MARGIN, y, 9, fonts.regular, MUTED);
  y -= 24;
  draw('In-Person Device Check', MARGIN, y, 20, fonts.bold);
  const dateText = `Date of service ${formatUsDate(input.sessionDate)}`;
  draw(
    dateText,
    PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(dateText, 10),
    y + 4,
    10,
    fonts.regular,
  );
  y -= 12;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 1, color: RULE });

  heading('Patient and device');
  const half = contentWidth / 2;
  const facts: [string, string][] = [
    ['Patient', line(input.patient.name)],
    ['Device type', input.device.type],
    ['Patient ID', line(input.patient.patientId)],
    ['Manufacturer', line(input.device.manufacturer ?? '—')],
    ['Date of birth', input.patient.dob ? formatUsDate(input.patient.dob) : '—'],
    ['Model', line(input.device.model ?? '—')],
    ['Lead configuration', configurationLabel(input.leadConfiguration)],
    ['Serial number', line(input.device.serialNumber ?? '—')],
  ];
  for (let index = 0; index < facts.length; index += 2) {
    const [left, right] = [facts[index], facts[index + 1]];
    if (left) pair(left[0], left[1], MARGIN + 6, half - 12);
    if (right) pair(right[0], right[1], MARGIN + half + 6, half - 12);
    y -= 15;
  }

  for (const group of groupDeviceCheckFields(input.leadConfiguration, input.device.type)) {
    const rows = group.fields.filter((field) => Object.hasOwn(input.measurements, field.key));
    if (rows.length === 0) continue;
    heading(group.title);
    for (let index = 0; index < rows.length; index += 2) {
      ensureRoom(15);
      for (const [column, field] of [rows[index], rows[index + 1]].entries()) {
        if (!field) continue;
        const value = input.measurements[field.key] as number | string;
        pair(
          field.label,
          line(formatMeasurementValue(field.key, value)),
          MARGIN + 6 + column * half,
          half - 12,
        );
      }
      y -= 14;
    }
  }

  heading('Observations');
  paragraph(input.observations);
  heading('Programming changes');
  paragraph(input.programmingChanges?.trim() ? input.programmingChanges : 'None');
  heading('Next follow-up');
  paragraph(input.nextFollowUp ? formatUsDate(input.nextFollowUp) : 'Not scheduled');

  ensureRoom(40);
  y -= 12;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: RULE });
  y -= 16;
  draw(
    line(`Device check performed by ${input.technicianName} on ${formatUsDate(input.sessionDate)}`),
    MARGIN,
    y,
    10,
    fonts.regular,
  );

  const pages = doc.getPages();
  for (const [index, each] of pages.entries()) {
    const footer = `Page ${index + 1} of ${pages.length}`;
    each.drawText(footer, {
      x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(footer, 8),
      y: MARGIN / 2,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
  }
  return { bytes: await doc.save({ objectsPerTick: Number.POSITIVE_INFINITY }), pageCount: pages.length };
}
