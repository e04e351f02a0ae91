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

  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    const field = findUnsafeText(deep);
    expect(field).toBe(`${'a.'.repeat(100).slice(0, 200)}…`);
    let safe: unknown = 'fine';
    for (let level = 0; level < 100_000; level++) safe = [safe];
    expect(findUnsafeText(safe)).toBeUndefined();
  });
});
