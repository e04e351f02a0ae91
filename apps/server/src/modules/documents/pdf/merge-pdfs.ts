import { PDFDocument } from 'pdf-lib';
import { removeActiveContent } from './remove-active-content';

/**
 * One PDF with every page of `files`, in order (for 'get-reports/{ids}' and 'merge-pdfs'). Pages are
 * copied with the objects they use, so nothing a source page does not show comes along. Form fields
 * keep their look but stop being fillable, and links between files are lost. Active content the pages
 * carry (page and annotation actions, file attachments) is removed, whatever the inputs held. The inputs
 * are only read; pass PDFs that inspectPdf accepted: this runs on the caller's thread.
 */
export async function mergePdfs(files: readonly Uint8Array[]): Promise<Uint8Array> {
  if (files.length === 0) throw new RangeError('mergePdfs needs at least one PDF');
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (const file of files) {
    const source = await PDFDocument.load(file, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  removeActiveContent(merged);
  return merged.save({ updateFieldAppearances: false });
}
