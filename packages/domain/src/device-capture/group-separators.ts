/** The GS1 group separator (ASCII 29, GS): it ends a variable-length element string before the next one. */
export const GROUP_SEPARATOR = '\u001d';

/**
 * What scanners, keyboard wedges and people write instead of the GS character, each turned back into it.
 * A keyboard-wedge scanner types key codes and most cannot type ASCII 29 into a web form, so clinics set
 * them to send a printable stand-in; people pasting a code copy what some tool displayed. Each stand-in
 * below is one that published GS1 parsers for wedge input replace (checked with the portal's code search).
 * None can occur in HIBC data (Code 39's character set) nor, apart from '<' and '>', in GS1 data (its
 * character set 82 has no '^', '[', ']', '{', '}' nor anything beyond U+007F).
 */
const GROUP_SEPARATOR_SUBSTITUTES: readonly RegExp[] = [
  // U+241D SYMBOL FOR GROUP SEPARATOR: what showGroupSeparators (and scanner test tools) display.
  /\u241d/g,
  // '<GS>': how documentation writes the character (Odoo's GS1 nomenclature: "<GS> ASCII 29 char") and a
  // placeholder GS1 scan normalisers replace.
  /<GS>/gi,
  // '{GS}': the default separator placeholder of a GS1 parser for scanner input (@trin4ik/gs1parser).
  /\{GS\}/gi,
  // '[GS]': the bracketed form, replaced by several GS1 scan normalisers and label tools.
  /\[GS\]/gi,
  // '^]': caret notation of Ctrl+], which is ASCII 29 ("^] 29 GS group separator" in the ASCII control-code
  // tables of scanner vendors): what a wedge types for GS where the host shows control keys literally.
  /\^\]/g,
];
// Not handled: '~1' (like '\F' or '<FNC1>') is how barcode *generators* take an FNC1 as input; no scanner
// was found to send it, and a scanner never transmits FNC1 itself, it sends GS. Odoo's default also accepts
// 'Alt029' and '#', which could be real data (a lot 'ALT029'), so they are left as they are.

/** The raw scan with every common substitute of the group separator turned into '\u001d' (ASCII 29). */
export function normalizeGroupSeparators(raw: string): string {
  return GROUP_SEPARATOR_SUBSTITUTES.reduce((text, pattern) => text.replace(pattern, GROUP_SEPARATOR), raw);
}

/**
 * The scan for display: control characters made visible, GS as '␝' (U+241D) and every other C0 control
 * character as its Control Pictures symbol (U+2400 + code), DEL as '␡' (U+2421).
 */
export function showGroupSeparators(raw: string): string {
  let shown = '';
  for (const character of raw) {
    const code = character.charCodeAt(0);
    if (code === 0x7f) shown += '\u2421';
    else if (code < 0x20) shown += String.fromCharCode(0x2400 + code);
    else shown += character;
  }
  return shown;
}

/** The text without group separators at its start (a leading FNC1) or its end. */
export function trimGroupSeparators(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === GROUP_SEPARATOR) start += 1;
  while (end > start && text[end - 1] === GROUP_SEPARATOR) end -= 1;
  return text.slice(start, end);
}
