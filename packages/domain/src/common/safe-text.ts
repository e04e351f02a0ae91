import { z } from 'zod';

// Text the portal stores must survive PostgreSQL and a hash unchanged: PostgreSQL cannot store NUL, and
// it turns an unpaired UTF-16 surrogate into U+FFFD, so what was hashed would no longer be what is kept.
// Such text is refused at the edge, on every route, with 400 naming the field.

/** The message a refused field carries. */
export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

// NUL or any surrogate: most text has neither, so one regular-expression scan settles it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const SUSPECT_CODE_UNIT = /[\u0000\uD800-\uDFFF]/;

/** Whether text can be stored and hashed as it is: no NUL, no unpaired surrogate. */
export function isSafeText(text: string): boolean {
  if (!SUSPECT_CODE_UNIT.test(text)) return true;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return false;
    if (unit >= 0xdc00 && unit <= 0xdfff) return false; // a low surrogate with no high one before it
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1; // a well-formed pair
    }
  }
  return true;
}

/**
 * The first place in a parsed request value (string, array, object; keys too) holding unsafe text, as a
 * dotted field path ('note', 'items.0.name'), or undefined when all of it is safe.
 */
export function findUnsafeText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path || 'value';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, path ? `${path}.${index}` : String(index));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return field;
      const found = findUnsafeText(item, field);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The one string schema for stored text: a string that is safe to store and hash. */
export const safeTextSchema = z.string().refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE });
