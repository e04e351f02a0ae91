const REPLACEMENT_CHARACTER = 0xfffd;

/**
 * Text a font can draw: NFC (so 'Z' + combining dot becomes the one glyph 'Ż'), tabs as spaces, other
 * control characters dropped, line breaks kept as '\n', and every code point the font lacks shown as '�'
 * (or '?'), so a missing glyph is visible instead of an empty box or a thrown error.
 */
export function toDrawableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  const fallback = hasGlyph(REPLACEMENT_CHARACTER) ? '\uFFFD' : '?';
  let drawable = '';
  for (const character of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === '\n') drawable += character;
    else if (isControlCharacter(codePoint)) continue;
    else drawable += hasGlyph(codePoint) ? character : fallback;
  }
  return drawable;
}

/** The same text on one line: line breaks become spaces, for a footer or a name. */
export function toSingleLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function isControlCharacter(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
}
