/**
 * A scan's AIM symbology identifier (ISO/IEC 15424): ']' then a letter naming the symbology and a modifier
 * character, which scanners can be set to send before the data (']d2' GS1 DataMatrix, ']C1' GS1-128,
 * ']Q3' GS1 QR Code, ']e0' GS1 DataBar, ']d1' DataMatrix, ']C0' Code 128, ']A0' Code 39).
 */
export function splitSymbologyIdentifier(text: string): { identifier: string | null; data: string } {
  const match = /^\][A-Za-z][0-9A-Za-z]/.exec(text);
  return match
    ? { identifier: match[0], data: text.slice(match[0].length) }
    : { identifier: null, data: text };
}
