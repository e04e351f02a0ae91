import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * A PDF prepared for the EMR, cut to `maxPages` (the clinic's 'EMR PDF max page length', issue 14 §5). A
 * PDF within the length is returned unchanged. A longer one keeps its first `maxPages - 1` pages and ends
 * with a page saying how many pages were left out and that the full report is in the portal, so the
 * result has exactly `maxPages` pages (with a length of 1, only that page). The note page is the size of
 * the last page kept (US Letter when none is). `pdf` is only read.
 */
export async function cutForEmr(pdf: Uint8Array, maxPages: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const pageCount = source.getPageCount();
  if (pageCount <= maxPages) return pdf;
  const keep = Math.max(maxPages - 1, 0);
  const cut = await PDFDocument.create({ updateMetadata: false });
  const pages = await cut.copyPages(
    source,
    Array.from({ length: keep }, (_unused, index) => index),
  );
  for (const page of pages) cut.addPage(page);
  const size = pages.at(-1)?.getSize() ?? { width: 612, height: 792 };
  const note = cut.addPage([size.width, size.height]);
  const regular = await cut.embedFont(StandardFonts.Helvetica);
  const bold = await cut.embedFont(StandardFonts.HelveticaBold);
  const leftOut = pageCount - keep;
  const lines = [
    {
      text: `${leftOut} ${leftOut === 1 ? 'page was' : 'pages were'} left out of this copy.`,
      font: bold,
      size: 15,
    },
    {
      text: `The report has ${pageCount} pages; the EMR copy is cut to ${maxPages}.`,
      font: regular,
      size: 11,
    },
    { text: 'The full report is in the portal.', font: regular, size: 11 },
  ];
  let y = size.height / 2 + 30;
  note.drawRectangle({
    x: 48,
    y: y - 62,
    width: size.width - 96,
    height: 86,
    borderColor: rgb(0.12, 0.35, 0.62),
    borderWidth: 1,
  });
  for (const line of lines) {
    note.drawText(line.text, { x: 64, y, size: line.size, font: line.font, color: rgb(0.1, 0.12, 0.16) });
    y -= line.size + 12;
  }
  return cut.save({ updateFieldAppearances: false });
}
