import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { EmbeddedFonts } from './fonts';
import type { SignatureManifestation } from './signature-manifestation';
import { wrapText } from './wrap-text';

const PAGE_HEIGHT = 792; // US Letter
const TEXT_COLOR = rgb(0.1, 0.1, 0.1);
const MUTED_COLOR = rgb(0.4, 0.4, 0.4);
const RULE_COLOR = rgb(0.14, 0.43, 0.66); // the portal's primary colour #246DA9

type Line = { text: string; font: PDFFont; size: number; lineHeight: number; color: Color };

/**
 * Appends the signature page, `width` wide and Letter high. A note of many short lines can overflow it;
 * it then continues on further pages rather than being cut. Every page carries the footer text and the
 * document id. Text must already be drawable by the fonts (see toDrawableText). Returns the pages added.
 */
export function addSignaturePages(
  doc: PDFDocument,
  manifestation: SignatureManifestation,
  fonts: EmbeddedFonts,
  width: number,
): PDFPage[] {
  const margin = Math.min(54, width / 8);
  const textWidth = width - 2 * margin;
  const paragraph = (text: string, font: PDFFont, size: number, lineHeight: number, color = TEXT_COLOR) =>
    wrapText(text, textWidth, (part) => font.widthOfTextAtSize(part, size)).map(
      (line): Line => ({ text: line, font, size, lineHeight, color }),
    );
  const space = (height: number): Line => ({
    text: '',
    font: fonts.regular,
    size: 1,
    lineHeight: height,
    color: TEXT_COLOR,
  });

  const body: Line[] = [
    ...paragraph(`${manifestation.signatureLabel} ${manifestation.signerName}`, fonts.bold, 13, 19),
    ...paragraph(`Signed: ${manifestation.signedAtText}`, fonts.regular, 11, 16),
    ...optional(dateOfServiceLine(manifestation), (line) => paragraph(line, fonts.regular, 11, 16)),
    space(14),
    ...paragraph(manifestation.providerNoteLabel, fonts.bold, 11, 17),
    ...(manifestation.note.trim() === ''
      ? paragraph('No note was entered.', fonts.regular, 10.5, 14.5, MUTED_COLOR)
      : paragraph(manifestation.note, fonts.regular, 10.5, 14.5)),
  ];
  const footer: Line[] = [
    ...optional(manifestation.footerText, (text) => paragraph(text, fonts.regular, 9, 12)),
    ...paragraph(`Document ID: ${manifestation.documentId}`, fonts.regular, 7, 10, MUTED_COLOR),
  ];
  const footerHeight = footer.reduce((sum, line) => sum + line.lineHeight, 0);

  const pages: PDFPage[] = [];
  let page = startPage(doc, fonts, width, margin, 'Electronic signature', pages);
  let y = PAGE_HEIGHT - margin - 58;
  for (const line of body) {
    if (y - line.lineHeight < margin + footerHeight + 12) {
      page = startPage(doc, fonts, width, margin, 'Electronic signature (continued)', pages);
      y = PAGE_HEIGHT - margin - 58;
    }
    y -= line.lineHeight;
    if (line.text !== '') drawLine(page, line, margin, y);
  }
  for (const current of pages) {
    let footerY = margin + footerHeight;
    for (const line of footer) {
      footerY -= line.lineHeight;
      drawLine(current, line, margin, footerY + 3);
    }
  }
  return pages;
}

function startPage(
  doc: PDFDocument,
  fonts: EmbeddedFonts,
  width: number,
  margin: number,
  title: string,
  pages: PDFPage[],
): PDFPage {
  const page = doc.addPage([width, PAGE_HEIGHT]);
  const titleY = PAGE_HEIGHT - margin - 18;
  page.drawText(title, { x: margin, y: titleY, size: 18, font: fonts.bold, color: TEXT_COLOR });
  page.drawLine({
    start: { x: margin, y: titleY - 14 },
    end: { x: width - margin, y: titleY - 14 },
    thickness: 1.2,
    color: RULE_COLOR,
  });
  pages.push(page);
  return page;
}

function drawLine(page: PDFPage, line: Line, x: number, y: number): void {
  page.drawText(line.text, { x, y, size: line.size, font: line.font, color: line.color });
}

function optional(text: string | undefined, toLines: (text: string) => Line[]): Line[] {
  return text === undefined || text.trim() === '' ? [] : toLines(text);
}

function dateOfServiceLine({ dateOfService, signedAtText }: SignatureManifestation): string | undefined {
  switch (dateOfService.mode) {
    case 'hide':
      return undefined;
    case 'replace-with-signature-date':
      return `Date of service: ${signedAtText.trim().split(/\s+/)[0] ?? ''}`;
    default:
      return `Date of service: ${dateOfService.text.trim() === '' ? 'not recorded' : dateOfService.text}`;
  }
}
