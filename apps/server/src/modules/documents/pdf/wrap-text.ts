export type TextWidth = (text: string) => number;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Greedy word wrap to `maxWidth`: newlines start a new line (an empty line stays empty), runs of spaces
 * count as one, and a word wider than the line is broken between characters (grapheme clusters, so an
 * accent stays on its letter). Each word is measured once, which keeps a 900-character note cheap.
 */
export function wrapText(text: string, maxWidth: number, widthOf: TextWidth): string[] {
  const spaceWidth = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ').filter((part) => part !== '')) {
      const wordWidth = widthOf(word);
      if (line !== '' && lineWidth + spaceWidth + wordWidth <= maxWidth) {
        line += ` ${word}`;
        lineWidth += spaceWidth + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      if (wordWidth <= maxWidth) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      const pieces = breakWord(word, maxWidth, widthOf);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
      lineWidth = widthOf(line);
    }
    lines.push(line);
  }
  return lines;
}

function breakWord(word: string, maxWidth: number, widthOf: TextWidth): string[] {
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const { segment } of segmenter.segment(word)) {
    const segmentWidth = widthOf(segment);
    // A piece always takes at least one grapheme, so a column narrower than one letter still ends.
    if (piece !== '' && pieceWidth + segmentWidth > maxWidth) {
      pieces.push(piece);
      piece = '';
      pieceWidth = 0;
    }
    piece += segment;
    pieceWidth += segmentWidth;
  }
  pieces.push(piece);
  return pieces;
}
