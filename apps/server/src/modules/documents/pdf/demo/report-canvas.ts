import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont, PDFPage, PDFRef, RGB } from 'pdf-lib';
import { getOrAdd } from '../get-or-add';

export type LineStyle = { color: RGB; width: number; dash?: [number, number] };

/**
 * Writes one page's content stream as text. pdf-lib's drawing calls build an object per operator and
 * per number, then compress with a JavaScript zlib; for the thousands of operators of a demo report
 * that was over half the time. Here operators are strings, numbers have two decimals, and Node's zlib
 * compresses the stream once in `finish`.
 */
export type ReportCanvas = {
  text(text: string, at: { x: number; y: number; size: number; font: PDFFont; color: RGB }): void;
  rectangle(
    x: number,
    y: number,
    width: number,
    height: number,
    style: { fill?: RGB; stroke?: LineStyle },
  ): void;
  line(from: [number, number], to: [number, number], style: LineStyle): void;
  /** Raw operators, for paths built elsewhere. */
  operators(content: string): void;
  /** The page's resource name for a form XObject. */
  xObjectName(ref: PDFRef): string;
  /** Adds the content to the page; call once, after drawing. */
  finish(): void;
};

export function createReportCanvas(doc: PDFDocument, page: PDFPage): ReportCanvas {
  const parts: string[] = [];
  const fonts = new Map<PDFFont, string>();
  const xObjects = new Map<PDFRef, string>();
  return {
    text(text, { x, y, size, font, color }) {
      const name = getOrAdd(fonts, font, () => page.node.newFontDictionary(font.name, font.ref).toString());
      parts.push(
        `BT ${name} ${num(size)} Tf ${rgbFill(color)} 1 0 0 1 ${num(x)} ${num(y)} Tm ${font.encodeText(text).toString()} Tj ET`,
      );
    },
    rectangle(x, y, width, height, { fill, stroke }) {
      const path = `${num(x)} ${num(y)} ${num(width)} ${num(height)} re`;
      if (fill) parts.push(`${rgbFill(fill)} ${path} f`);
      if (stroke) parts.push(`q ${strokeStyle(stroke)} ${path} S Q`);
    },
    line([x1, y1], [x2, y2], style) {
      parts.push(`q ${strokeStyle(style)} ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S Q`);
    },
    operators(content) {
      parts.push(content);
    },
    xObjectName(ref) {
      return getOrAdd(xObjects, ref, () => page.node.newXObject('Ecg', ref).toString());
    },
    finish() {
      page.node.addContentStream(registerContentStream(doc, parts.join('\n')));
    },
  };
}

/** A compressed stream of `content` (plus `dict`), registered in the document. */
export function registerContentStream(
  doc: PDFDocument,
  content: string,
  dict: Record<string, unknown> = {},
): PDFRef {
  const compressed = deflateSync(Buffer.from(content, 'latin1'));
  return doc.context.register(
    doc.context.stream(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), {
      ...dict,
      Filter: 'FlateDecode',
    }),
  );
}

/** A number for a content stream: two decimals (a hundredth of a point), no exponent, no '-0'. */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? '0' : String(rounded);
}

function rgbFill(color: RGB): string {
  return `${num(color.red)} ${num(color.green)} ${num(color.blue)} rg`;
}

function strokeStyle({ color, width, dash }: LineStyle): string {
  const dashPattern = dash ? `[${num(dash[0])} ${num(dash[1])}] 0 d ` : '';
  return `${dashPattern}${num(width)} w ${num(color.red)} ${num(color.green)} ${num(color.blue)} RG`;
}
