// What the scraping corpus draws with: pages of text placed by hand (a row is cells at given x), in
// pdf-lib's standard fonts or DejaVu Sans (for Ω), each value drawn recorded as the truth the test and the
// benchmark compare against. Values come from a seeded generator, so a corpus is the same on every run.
import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { embedDejaVuFonts } from '../../../documents/pdf/fonts';

export type Truth = Record<string, number | string>;

/** mulberry32: a small seeded generator, so every corpus file is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(name: string, base: number): number {
  let hash = base >>> 0;
  for (const character of name) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

export type Draw = {
  random: () => number;
  /** A value from min to max in steps of `step`, exact to the step's decimals. */
  between(min: number, max: number, step: number): number;
  pick<T>(values: readonly T[]): T;
};

export function drawer(random: () => number): Draw {
  return {
    random,
    between(min, max, step) {
      const steps = Math.floor((max - min) / step + 1e-9);
      const decimals = (String(step).split('.')[1] ?? '').length;
      return Number((min + Math.floor(random() * (steps + 1)) * step).toFixed(decimals));
    },
    pick(values) {
      return values[Math.floor(random() * values.length)] as (typeof values)[number];
    },
  };
}

export type FontName =
  | 'helvetica'
  | 'helvetica-bold'
  | 'times'
  | 'times-bold'
  | 'courier'
  | 'courier-bold'
  | 'dejavu'
  | 'dejavu-bold';

const STANDARD: Record<string, StandardFonts> = {
  helvetica: StandardFonts.Helvetica,
  'helvetica-bold': StandardFonts.HelveticaBold,
  times: StandardFonts.TimesRoman,
  'times-bold': StandardFonts.TimesRomanBold,
  courier: StandardFonts.Courier,
  'courier-bold': StandardFonts.CourierBold,
};

export type TextStyle = { font?: FontName; size?: number };

/** One report being drawn: pages top to bottom, rows of cells at given x, and the truth of what it shows. */
export class ReportWriter {
  readonly doc: PDFDocument;
  readonly truth: Truth = {};
  page: PDFPage;
  /** The next baseline, in PDF points from the bottom. */
  y: number;
  readonly #fonts = new Map<FontName, PDFFont>();
  readonly #style: Required<TextStyle>;
  readonly #top: number;

  /**
   * A landscape report printed turned on a portrait page (issue 29 §3): the writer lays out in the
   * landscape frame (`size`), and the page is portrait, its text drawn a quarter turn counter-clockwise.
   */
  readonly #turned: boolean;

  private constructor(
    doc: PDFDocument,
    style: Required<TextStyle>,
    size: [number, number],
    top: number,
    turned: boolean,
  ) {
    this.doc = doc;
    this.#style = style;
    this.#top = top;
    this.#turned = turned;
    this.page = doc.addPage(turned ? [size[1], size[0]] : size);
    this.y = size[1] - top;
  }

  static async create(options: {
    style: Required<TextStyle>;
    size?: [number, number];
    top?: number;
    title: string;
    turned?: boolean;
  }) {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(options.title);
    doc.setProducer('scrape corpus');
    doc.setCreationDate(new Date('2026-03-04T12:00:00Z'));
    const writer = new ReportWriter(
      doc,
      options.style,
      options.size ?? [612, 792],
      options.top ?? 60,
      options.turned ?? false,
    );
    for (const [name, font] of Object.entries(STANDARD))
      writer.#fonts.set(name as FontName, await doc.embedFont(font));
    const dejaVu = await embedDejaVuFonts(doc, options.title);
    writer.#fonts.set('dejavu', dejaVu.regular);
    writer.#fonts.set('dejavu-bold', dejaVu.bold);
    return writer;
  }

  newPage(): void {
    const { width, height } = this.page.getSize();
    this.page = this.doc.addPage([width, height]);
    this.y = (this.#turned ? width : height) - this.#top;
  }

  font(name: FontName): PDFFont {
    return this.#fonts.get(name) as PDFFont;
  }

  widthOf(text: string, style: TextStyle = {}): number {
    const { font, size } = { ...this.#style, ...style };
    return this.font(font).widthOfTextAtSize(text, size);
  }

  /** Draws text with its left edge at x on the current baseline. */
  text(text: string, x: number, style: TextStyle = {}): void {
    const { font, size } = { ...this.#style, ...style };
    if (this.#turned) {
      // The landscape frame's (x, y) on the portrait page, turned a quarter counter-clockwise.
      const { width } = this.page.getSize();
      this.page.drawText(text, { x: width - this.y, y: x, size, font: this.font(font), rotate: degrees(90) });
      return;
    }
    this.page.drawText(text, { x, y: this.y, size, font: this.font(font) });
  }

  /** Draws text with its right edge at x. */
  textRight(text: string, x: number, style: TextStyle = {}): void {
    this.text(text, x - this.widthOf(text, style), style);
  }

  /** One row: cells at their x (a negative x: right-aligned at -x), then the baseline moves down. */
  row(cells: readonly (readonly [number, string])[], style: TextStyle = {}, gap?: number): void {
    for (const [x, text] of cells) {
      if (x < 0) this.textRight(text, -x, style);
      else this.text(text, x, style);
    }
    this.down(gap ?? (style.size ?? this.#style.size) * 1.6);
  }

  down(points: number): void {
    this.y -= points;
  }

  /** Records what a value drawn means: the IDCO key and its value as the portal stores it. */
  expect(key: string, value: number | string): void {
    this.truth[key] = value;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: false });
  }
}

/** A number as printed with its decimals: 0.75 → '0.75', 1 with 2 → '1.00'. */
export function fixed(value: number, decimals: number): string {
  return value.toFixed(decimals);
}
