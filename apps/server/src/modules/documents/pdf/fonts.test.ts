import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedDejaVuFonts, loadDejaVuFonts } from './fonts';
import { extractText } from './test-support/pdf-tools';

describe('the DejaVu fonts', () => {
  it('are read once and shared by every caller', async () => {
    const [first, second] = await Promise.all([loadDejaVuFonts(), loadDejaVuFonts()]);
    expect(second).toBe(first);
    expect(first.regular.bytes.byteLength).toBeGreaterThan(100_000);
    expect(first.bold.bytes).not.toBe(first.regular.bytes);
  });

  it('draw Polish, Cyrillic and Greek letters but not Chinese ones', async () => {
    const { regular, bold } = await loadDejaVuFonts();
    for (const character of 'ŁŻÓĆłżóćДжΑθ') {
      const codePoint = character.codePointAt(0) ?? 0;
      expect(regular.hasGlyph(codePoint)).toBe(true);
      expect(bold.hasGlyph(codePoint)).toBe(true);
    }
    expect(regular.hasGlyph('王'.codePointAt(0) ?? 0)).toBe(false);
  });

  it('embed as subsets whose names follow the PDF convention and depend only on the text', async () => {
    const namesFor = async (tagSource: string) => {
      const doc = await PDFDocument.create();
      const fonts = await embedDejaVuFonts(doc, tagSource);
      doc.addPage().drawText('Łukasz Żółć', { font: fonts.bold });
      doc.getPage(0).drawText('Łukasz Żółć', { font: fonts.regular });
      const written = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
      return [...written.matchAll(/\/BaseFont \/(\S+)/g)].map((match) => match[1]).sort();
    };
    const names = await namesFor('Łukasz Żółć');
    expect(names).toHaveLength(4); // each font's Type0 dictionary and its descendant CIDFont
    const [regular, bold] = [
      names.find((name) => name?.endsWith('+DejaVuSans')),
      names.find((name) => name?.endsWith('-Bold')),
    ];
    expect(regular).toMatch(/^[A-Z]{6}\+DejaVuSans$/);
    expect(bold).toMatch(/^[A-Z]{6}\+DejaVuSans-Bold$/);
    expect(await namesFor('Łukasz Żółć')).toEqual(names);
    expect(await namesFor('Ada Lovelace')).not.toContain(regular);
  });

  it("keep each document's text: a name with 'ę' before them leaves later documents' 'e' readable", async () => {
    const textOf = async (text: string) => {
      const doc = await PDFDocument.create();
      const fonts = await embedDejaVuFonts(doc, text);
      doc.addPage().drawText(text, { font: fonts.regular, x: 40, y: 700 });
      return (await extractText(await doc.save())).trim();
    };
    // 'ę' is laid out as 'e' plus an ogonek; the glyph of 'e' must not keep 'ę''s text for everyone after.
    expect(await textOf('Stępień')).toBe('Stępień');
    expect(await textOf('Reviewed by: Dr. Renee Lee')).toBe('Reviewed by: Dr. Renee Lee');
  });
});
