import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildDemoReportContent, type DemoReportInput } from './demo/demo-report-content';
import { drawCoversheet } from './demo/draw-coversheet';
import { drawEpisodesPage } from './demo/draw-episodes-page';
import { drawMeasurementsPage } from './demo/draw-measurements-page';
import { drawPageChrome } from './demo/draw-page-chrome';
import { createStripResources } from './demo/draw-rhythm-strip';
import { drawTablePage } from './demo/draw-table-page';
import { createReportCanvas } from './demo/report-canvas';
import { createReportFont, PAGE_HEIGHT, PAGE_WIDTH, type ReportFonts } from './demo/report-style';
import { isWinAnsiText } from './demo/win-ansi';
import { toDrawableText, toSingleLine } from './drawable-text';
import { embedDejaVuFonts, loadDejaVuFonts } from './fonts';

export type { DemoReportInput } from './demo/demo-report-content';

export const DEMO_REPORT_MAX_PAGES = 12;

/**
 * A realistic report for demo data, shaped by its document type: a coversheet (letterhead, title, the
 * alert if any, patient, device or monitor, transmission or study), a measurements page (device
 * measurements with an EGM strip; an ECG, sleep, blood pressure or readings summary), then pages of rhythm
 * strips (implants and ECG studies) or of tables (sleep events, ABPM and RPM readings). The same input
 * gives the same bytes. Text is Helvetica (no font embedded); a string that needs more than WinAnsi (say,
 * 'Żółć') is set in an embedded DejaVu Sans subset.
 */
export async function generateDemoReportPdf(input: DemoReportInput): Promise<Uint8Array> {
  if (!Number.isInteger(input.pageCount) || input.pageCount < 1 || input.pageCount > DEMO_REPORT_MAX_PAGES) {
    throw new RangeError(
      `pageCount must be a whole number from 1 to ${DEMO_REPORT_MAX_PAGES}; got ${input.pageCount}`,
    );
  }
  if (Number.isNaN(input.dos.getTime())) throw new RangeError('dos must be a valid date');

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer('pdf-lib');
  doc.setCreator('Cardiac portal demo data');
  doc.setCreationDate(input.dos);
  doc.setModificationDate(input.dos);

  const helvetica = doc.embedStandardFont(StandardFonts.Helvetica);
  const helveticaBold = doc.embedStandardFont(StandardFonts.HelveticaBold);
  let fonts: ReportFonts = { regular: createReportFont(helvetica), bold: createReportFont(helveticaBold) };
  let shown = input;
  if (!textsOf(input).every(isWinAnsiText)) {
    const files = await loadDejaVuFonts();
    const hasGlyph = (codePoint: number) =>
      files.regular.hasGlyph(codePoint) && files.bold.hasGlyph(codePoint);
    shown = mapTexts(input, (text) => toDrawableText(text, hasGlyph));
    const unicode = await embedDejaVuFonts(doc, JSON.stringify(shown));
    fonts = {
      regular: createReportFont(helvetica, unicode.regular),
      bold: createReportFont(helveticaBold, unicode.bold),
    };
  }
  shown = mapTexts(shown, toSingleLine);

  const content = buildDemoReportContent(shown);
  doc.setTitle(content.title);
  const resources = createStripResources(doc);
  const chrome = { clinicName: shown.clinicName, pageCount: input.pageCount, fonts };
  for (let pageNumber = 1; pageNumber <= input.pageCount; pageNumber++) {
    const canvas = createReportCanvas(doc, doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]));
    drawPageChrome(canvas, content, { ...chrome, pageNumber });
    if (pageNumber === 1) drawCoversheet(canvas, content, chrome);
    else if (pageNumber === 2) drawMeasurementsPage(canvas, content, { fonts, resources });
    else {
      const page = content.laterPages[pageNumber - 3];
      if (page?.kind === 'episodes') drawEpisodesPage(canvas, page, { fonts, resources });
      else if (page?.kind === 'table') drawTablePage(canvas, page, { fonts });
    }
    canvas.finish();
  }
  // Small documents: no need to yield to the event loop while writing.
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}

function textsOf(input: DemoReportInput): string[] {
  const { patient, device } = input;
  return [
    input.clinicName,
    input.documentType,
    input.serviceLine,
    patient.firstName,
    patient.lastName,
    patient.id,
    typeof patient.dob === 'string' ? patient.dob : '',
    device.manufacturer ?? '',
    device.modelName ?? '',
    device.serialNumber ?? '',
    device.implantDate ?? '',
    device.chambers ?? '',
    input.alert?.text ?? '',
    input.alert?.type ?? '',
  ];
}

function mapTexts(input: DemoReportInput, map: (text: string) => string): DemoReportInput {
  const optional = (text: string | null | undefined) => (text == null ? text : map(text));
  return {
    ...input,
    clinicName: map(input.clinicName),
    patient: {
      ...input.patient,
      firstName: map(input.patient.firstName),
      lastName: map(input.patient.lastName),
      id: map(input.patient.id),
      dob: typeof input.patient.dob === 'string' ? map(input.patient.dob) : input.patient.dob,
    },
    device: {
      manufacturer: optional(input.device.manufacturer),
      modelName: optional(input.device.modelName),
      serialNumber: optional(input.device.serialNumber),
      implantDate: optional(input.device.implantDate),
      chambers: optional(input.device.chambers),
    },
    ...(input.alert === undefined
      ? {}
      : { alert: { ...input.alert, text: map(input.alert.text), type: map(input.alert.type) } }),
  };
}
