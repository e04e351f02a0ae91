import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

export type FontFile = {
  bytes: Uint8Array;
  /** True when the font draws this code point; anything else would come out as an empty box. */
  hasGlyph(codePoint: number): boolean;
};

export type DejaVuFonts = {
  regular: FontFile;
  bold: FontFile;
  /**
   * Hands pdf-lib the font already parsed for these files. pdf-lib parses a font again for every
   * document; sharing the parsed font keeps its layout tables and glyph cache warm (measured: a 5-page stamp took
   * 29 ms before, 12 ms after).
   */
  fontkit: Fontkit;
};

export type EmbeddedFonts = { regular: PDFFont; bold: PDFFont };

let cached: Promise<DejaVuFonts> | undefined;

/** DejaVu Sans regular and bold, read and parsed once per process. */
export function loadDejaVuFonts(): Promise<DejaVuFonts> {
  cached ??= readDejaVuFonts().catch((error: unknown) => {
    // A failed read must not stick: the next signature tries again.
    cached = undefined;
    throw error;
  });
  return cached;
}

/**
 * Embeds both fonts as subsets. The subset tag comes from `tagSource` (the text the document will carry),
 * so the same input always gives the same bytes, and two subsets in one file never share a name.
 */
export async function embedDejaVuFonts(doc: PDFDocument, tagSource: string): Promise<EmbeddedFonts> {
  const fonts = await loadDejaVuFonts();
  doc.registerFontkit(fonts.fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fonts.regular.bytes, { subset: true, customName: subsetName('DejaVuSans', tagSource) }),
    doc.embedFont(fonts.bold.bytes, { subset: true, customName: subsetName('DejaVuSans-Bold', tagSource) }),
  ]);
  return { regular, bold };
}

async function readDejaVuFonts(): Promise<DejaVuFonts> {
  const folder = path.join(
    path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf',
  );
  // fontkit is loaded with the first text the standard fonts cannot draw, not at start-up: most documents
  // never need it, and it holds about 30 MB of a process's memory (issue 18 §3).
  const [regularBytes, boldBytes, { default: fontkit }] = await Promise.all([
    readFile(path.join(folder, 'DejaVuSans.ttf')),
    readFile(path.join(folder, 'DejaVuSans-Bold.ttf')),
    import('@pdf-lib/fontkit'),
  ]);
  const parsed = new Map<Uint8Array, FontkitFont>([
    [regularBytes, fontkit.create(regularBytes)],
    [boldBytes, fontkit.create(boldBytes)],
  ]);
  const toFontFile = (bytes: Uint8Array): FontFile => {
    const font = parsed.get(bytes);
    if (!font) throw new Error('DejaVu font was not parsed');
    return { bytes, hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  };
  return {
    regular: toFontFile(regularBytes),
    bold: toFontFile(boldBytes),
    fontkit: {
      create: (bytes, postscriptName) => {
        const font = parsed.get(bytes);
        return font ? documentView(font) : fontkit.create(bytes, postscriptName);
      },
    },
  };
}

/**
 * The parsed font for one document: its tables (the costly part) are the shared font's, but its glyphs and
 * layout engine are its own. fontkit caches a glyph with the characters it was first laid out for, and
 * pdf-lib maps each glyph back to text with them: shared across documents, 'ę' (laid out as 'e' plus an
 * ogonek) left every later document's 'e' without its text, so a stamp's words read 'R vi w d'.
 */
function documentView(font: FontkitFont): FontkitFont {
  const view = Object.create(font) as FontkitFont & { _glyphs: Record<number, unknown> };
  view._glyphs = {};
  // `_layoutEngine` is a getter that caches its engine on the object it runs for. Run for the view, the
  // view gets an engine of its own that lays out with the view's glyphs (read through the prototype, it
  // would be the shared font's).
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(font), '_layoutEngine')?.get?.call(view);
  return view;
}

/** A PDF subset name: six capital letters, '+', the font's name (ISO 32000-1 §9.6.4). */
function subsetName(fontName: string, tagSource: string): string {
  const digest = createHash('sha256').update(fontName).update('\0').update(tagSource).digest();
  const tag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `${tag}+${fontName}`;
}
