import { NOTE_MAX_LENGTH } from '@portal/domain';
import { PDFDocument } from 'pdf-lib';
import { addSignaturePages } from './add-signature-pages';
import { toDrawableText, toSingleLine } from './drawable-text';
import { embedDejaVuFonts, loadDejaVuFonts } from './fonts';
import { getPageFrame } from './page-frame';
import { prepareSignatureFooter } from './prepare-signature-footer';
import type { SignatureManifestation } from './signature-manifestation';

export type { DateOfServiceDisplay, SignatureManifestation } from './signature-manifestation';

/**
 * The signed copy of a report: the original pages, each with a one-line signature footer along its
 * visible bottom edge, then a signature page (same width as page 1, Letter high) showing who signed, when,
 * the date of service and the provider note. Text is set in embedded DejaVu Sans subsets, so any Latin,
 * Greek or Cyrillic name prints. The same input gives the same bytes; `original` is only read.
 *
 * The original's content streams are kept as they are; pdf-lib wraps them in q/Q first, so a page that
 * leaves its graphics state changed cannot move or scale the footer. pdf-lib writes a new file rather than
 * an incremental update, so an existing digital signature inside `original` would not survive.
 * Pass only PDFs that inspectPdf accepted: this runs on the caller's thread.
 */
export async function stampSignature(
  original: Uint8Array,
  manifestation: SignatureManifestation,
): Promise<Uint8Array> {
  assertSignable(manifestation);
  const fontFiles = await loadDejaVuFonts();
  const hasGlyph = (codePoint: number) =>
    fontFiles.regular.hasGlyph(codePoint) && fontFiles.bold.hasGlyph(codePoint);
  const drawable = (text: string) => toDrawableText(text, hasGlyph);
  const shown: SignatureManifestation = {
    signatureLabel: toSingleLine(drawable(manifestation.signatureLabel)),
    signerName: toSingleLine(drawable(manifestation.signerName)),
    signedAtText: toSingleLine(drawable(manifestation.signedAtText)),
    providerNoteLabel: toSingleLine(drawable(manifestation.providerNoteLabel)),
    note: drawable(manifestation.note),
    footerText: drawable(manifestation.footerText),
    dateOfService: {
      mode: manifestation.dateOfService.mode,
      text: toSingleLine(drawable(manifestation.dateOfService.text)),
    },
    documentId: toSingleLine(drawable(manifestation.documentId)),
  };

  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const originalPages = doc.getPages();
  const firstPage = originalPages[0];
  if (!firstPage) throw new Error('The PDF has no pages to sign.');
  const fonts = await embedDejaVuFonts(doc, JSON.stringify(shown));

  const footer = [
    `Electronically signed by ${shown.signerName} · ${shown.signedAtText}`,
    toSingleLine(shown.footerText),
  ]
    .filter((part) => part !== '')
    .join(' · ');
  const signatureFooter = prepareSignatureFooter(footer, fonts.regular);
  for (const page of originalPages) signatureFooter.drawOn(page);
  addSignaturePages(doc, shown, fonts, getPageFrame(firstPage).width);

  // No form-field appearance regeneration: it would redraw the original's fields.
  return doc.save({ updateFieldAppearances: false });
}

function assertSignable(manifestation: SignatureManifestation): void {
  if (manifestation.signerName.trim() === '') throw new RangeError('A signature needs the signer name.');
  if (manifestation.signedAtText.trim() === '') throw new RangeError('A signature needs the signing time.');
  if (manifestation.documentId.trim() === '') throw new RangeError('A signature needs the document id.');
  if (manifestation.note.length > NOTE_MAX_LENGTH) {
    throw new RangeError(
      `The provider note has ${manifestation.note.length} characters; at most ${NOTE_MAX_LENGTH}.`,
    );
  }
}
