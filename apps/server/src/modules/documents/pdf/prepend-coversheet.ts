import { PDFDocument } from 'pdf-lib';
import { removeActiveContent } from './remove-active-content';

/**
 * The coversheet document followed by every page of `pdf`, saved once. The report's pages are copied
 * with what they draw (a signed report keeps its stamp on its own pages); active content is removed as
 * mergePdfs does. `pdf` is only read; `coversheet` receives the pages.
 */
export async function prependCoversheet(coversheet: PDFDocument, pdf: Uint8Array): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = await coversheet.copyPages(source, source.getPageIndices());
  for (const page of pages) coversheet.addPage(page);
  removeActiveContent(coversheet);
  return coversheet.save({ updateFieldAppearances: false });
}
