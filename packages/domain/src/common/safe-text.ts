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

/** A field path longer than this (a body nested thousands deep) is cut, so an error stays readable. */
const MAX_PATH_LENGTH = 200;

/**
 * The first place in a parsed request value (string, array, object; keys too) holding unsafe text, as a
 * dotted field path ('note', 'items.0.name'), or undefined when all of it is safe. Iterative, so a body
 * nested 100,000 levels deep is walked without overflowing the stack; the path is built only when found.
 */
export function findUnsafeText(value: unknown, path = ''): string | undefined {
  type Visit = { value: unknown; key: string; parent: Visit | undefined };
  const pathOf = (visit: Visit): string => {
    const keys: string[] = [];
    for (let at: Visit | undefined = visit; at; at = at.parent) if (at.key !== '') keys.push(at.key);
    const joined = keys.reverse().join('.') || 'value';
    return joined.length > MAX_PATH_LENGTH ? `${joined.slice(0, MAX_PATH_LENGTH)}…` : joined;
  };
  const pending: Visit[] = [{ value, key: path, parent: undefined }];
  while (pending.length > 0) {
    const visit = pending.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(visit);
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    const entries = Array.isArray(current)
      ? current.map((item, index) => [String(index), item] as const)
      : Object.entries(current);
    // Pushed in reverse, so the first field is looked at first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index] as readonly [string, unknown];
      const child: Visit = { value: item, key, parent: visit };
      if (!Array.isArray(current) && !isSafeText(key)) return pathOf(child);
      pending.push(child);
    }
  }
  return undefined;
}

/** The one string schema for stored text: a string that is safe to store and hash. */
export const safeTextSchema = z.string().refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE });
