import {
  beginText,
  endText,
  type PDFFont,
  type PDFHexString,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { getOrAdd } from './get-or-add';
import { getPageFrame } from './page-frame';

const FONT_SIZE = 7;
const MIN_FONT_SIZE = 4.5;
const BASELINE = 12;
const SIDE_MARGIN = 24;
const GRAY = 0.2;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

export type SignatureFooter = {
  /** Draws the line along the visible bottom edge of `page`, whatever its crop box and rotation. */
  drawOn(page: PDFPage): void;
};

/**
 * The one-line footer for every original page. The text is shaped once and the same glyphs are placed
 * on each page (shaping with GSUB/GPOS is the costly part, so a 200-page report costs about what a
 * 5-page one does). A line too long for a page is set smaller, then cut at the end with '…': the signer
 * comes first so the clinic's footer text is what gets cut; the signature page carries every part in full.
 */
export function prepareSignatureFooter(text: string, font: PDFFont): SignatureFooter {
  const fullWidth = font.widthOfTextAtSize(text, FONT_SIZE);
  const encodings = new Map<string, PDFHexString>();
  const encode = (line: string) => getOrAdd(encodings, line, () => font.encodeText(line));
  return {
    drawOn(page) {
      const frame = getPageFrame(page);
      const margin = Math.min(SIDE_MARGIN, frame.width * 0.05);
      const { line, size } = fitToWidth(text, fullWidth, font, frame.width - 2 * margin);
      const origin = frame.toPage(margin, BASELINE);
      const radians = (frame.rotation * Math.PI) / 180;
      const [cos, sin] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
      const key = page.node.newFontDictionary(font.name, font.ref);
      page.pushOperators(
        pushGraphicsState(),
        beginText(),
        setFontAndSize(key, size),
        setFillingGrayscaleColor(GRAY),
        setTextMatrix(cos, sin, -sin, cos, origin.x, origin.y),
        showText(encode(line)),
        endText(),
        popGraphicsState(),
      );
    },
  };
}

function fitToWidth(
  text: string,
  width: number,
  font: PDFFont,
  maxWidth: number,
): { line: string; size: number } {
  if (width <= maxWidth) return { line: text, size: FONT_SIZE };
  const size = (FONT_SIZE * maxWidth) / width;
  if (size >= MIN_FONT_SIZE) return { line: text, size };
  const graphemes = Array.from(segmenter.segment(text), ({ segment }) => segment);
  let keep = graphemes.length;
  let line = text;
  while (keep > 1 && font.widthOfTextAtSize(line, MIN_FONT_SIZE) > maxWidth) {
    keep = Math.floor(keep * 0.9);
    line = `${graphemes.slice(0, keep).join('').trimEnd()}…`;
  }
  return { line, size: MIN_FONT_SIZE };
}
