import { PDFDocument } from 'pdf-lib';

/**
 * The PDF without its first page, for '?stripCoversheet=true' (reports start with a coversheet). The
 * remaining pages are copied into a new file rather than the page being unlinked, so the coversheet's
 * content (patient details) is really gone from the bytes. A one-page PDF is returned unchanged: a PDF
 * cannot have no pages, and the download should still work. `pdf` is only read.
 */
export async function removeFirstPage(pdf: Uint8Array): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const pageCount = source.getPageCount();
  if (pageCount < 2) return new Uint8Array(pdf);
  const stripped = await PDFDocument.create({ updateMetadata: false });
  const pages = await stripped.copyPages(
    source,
    Array.from({ length: pageCount - 1 }, (_unused, index) => index + 1),
  );
  for (const page of pages) stripped.addPage(page);
  return stripped.save({ updateFieldAppearances: false });
}
