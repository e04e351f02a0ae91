import { describe, expect, it } from 'vitest';
import { toDrawableText, toSingleLine } from './drawable-text';

// A font that has Latin-1 and the replacement character, nothing else.
const latin1 = (codePoint: number) => codePoint <= 0xff || codePoint === 0xfffd;

describe('making text drawable by a font', () => {
  it.each<[string, string, string]>([
    ['composes combining accents into the precomposed letter', 'Jose\u0301', 'José'],
    ['turns tabs into spaces', 'a\tb', 'a b'],
    ['keeps line breaks, written any way', 'a\r\nb\rc\nd', 'a\nb\nc\nd'],
    ['drops other control characters', 'a\u0000b\u0007c\u009bd', 'abcd'],
    ['shows a character the font lacks as a replacement', 'Wang 王', 'Wang \uFFFD'],
  ])('%s', (_story, text, expected) => {
    expect(toDrawableText(text, latin1)).toBe(expected);
  });

  it('falls back to a question mark when the font lacks the replacement character too', () => {
    expect(toDrawableText('Wang 王', (codePoint) => codePoint < 0x80)).toBe('Wang ?');
  });

  it('puts a multi-line value on one line for a footer', () => {
    expect(toSingleLine('Riverside Clinic\n  Suite 4 \n')).toBe('Riverside Clinic Suite 4');
  });
});
