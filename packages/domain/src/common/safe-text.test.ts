import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText, safeTextSchema } from './safe-text';

describe('safe text', () => {
  it.each([
    ['plain', true],
    ['Łukasz Żółć', true],
    ['emoji 🫀 pairs', true],
    ['', true],
    ['a\u0000b', false],
    ['x\ud800', false],
    ['\udc00y', false],
    ['\ud83d\ud83d\udc93', false],
    ['\udfff\ud800', false],
  ])('%j is safe: %s', (text, safe) => {
    expect(isSafeText(text)).toBe(safe);
    expect(safeTextSchema.safeParse(text).success).toBe(safe);
  });

  it('names the first field holding unsafe text, keys included', () => {
    expect(findUnsafeText({ note: 'fine', items: [{ name: 'ok' }, { name: 'bad\u0000' }] })).toBe(
      'items.1.name',
    );
    expect(findUnsafeText({ 'key\ud800': 1 })).toBe('key\ud800');
    expect(findUnsafeText({ nested: { deep: ['x\udc00'] } }, 'body')).toBe('body.nested.deep.0');
    expect(findUnsafeText('a\u0000', 'search')).toBe('search');
    expect(findUnsafeText({ n: 1, b: true, z: null, s: 'Żółć' })).toBeUndefined();
  });
});
