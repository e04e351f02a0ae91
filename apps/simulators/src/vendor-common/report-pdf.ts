import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

// The vendors' report PDFs: real documents (pdf-lib, a standard font), a title and the study's details and
// results as text, a page per part, so the portal's PDF handling (page counts, coversheets, text scraping)
// meets what a vendor would send.

export type ReportLine = string | { label: string; value: string };
export type ReportSection = { heading: string; lines: readonly ReportLine[] };
/** One part of the report; it starts on a new page and continues on the next when it runs long. */
export type ReportPart = readonly ReportSection[];

export type ReportPdfContent = {
  title: string;
  /** The vendor's name, under the title on every page. */
  vendor: string;
  parts: readonly ReportPart[];
  /** The report's creation date (its metadata), so the same study makes the same document. */
  createdAt: Date;
};

const PAGE_SIZE: [number, number] = [612, 792];
const MARGIN = 56;
const LINE_HEIGHT = 15;

/** Standard fonts encode WinAnsi only; anything else becomes '?', never an exception. */
function printable(text: string): string {
  return Array.from(text, (character) => {
    const code = character.codePointAt(0) ?? 0x3f;
    return code >= 0x20 && code <= 0xff && (code < 0x7f || code > 0x9f) ? character : '?';
  }).join('');
}

export async function buildReportPdf(content: ReportPdfContent): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(printable(content.title));
  document.setAuthor(printable(content.vendor));
  document.setProducer('Portal vendor simulator');
  document.setCreator('Portal vendor simulator');
  document.setCreationDate(content.createdAt);
  document.setModificationDate(content.createdAt);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = document.addPage(PAGE_SIZE);
  let y = 0;

  function newPage(first: boolean): void {
    if (!first) page = document.addPage(PAGE_SIZE);
    y = PAGE_SIZE[1] - MARGIN;
    page.drawText(printable(content.title), { x: MARGIN, y, size: 18, font: bold });
    y -= 20;
    page.drawText(printable(content.vendor), {
      x: MARGIN,
      y,
      size: 10,
      font: regular,
      color: rgb(0.35, 0.35, 0.35),
    });
    y -= 28;
  }

  function ensureRoom(height: number): void {
    if (y - height < MARGIN + 30) newPage(false);
  }

  function text(value: string, x: number, font: PDFFont, size: number): void {
    page.drawText(printable(value), { x, y, size, font });
  }

  content.parts.forEach((part, index) => {
    newPage(index === 0);
    for (const section of part) {
      ensureRoom(LINE_HEIGHT * 3);
      text(section.heading, MARGIN, bold, 13);
      y -= LINE_HEIGHT + 4;
      for (const line of section.lines) {
        ensureRoom(LINE_HEIGHT);
        if (typeof line === 'string') text(line, MARGIN, regular, 11);
        else {
          text(line.label, MARGIN, regular, 11);
          text(line.value, MARGIN + 220, bold, 11);
        }
        y -= LINE_HEIGHT;
      }
      y -= 10;
    }
  });

  const pages = document.getPages();
  pages.forEach((each, index) => {
    each.drawText(`Page ${index + 1} of ${pages.length} - simulated report, not for clinical use`, {
      x: MARGIN,
      y: MARGIN - 24,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return document.save();
}

/** The page count of a PDF, or null when pdf-lib cannot read it. */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    return document.getPageCount();
  } catch {
    return null;
  }
}
