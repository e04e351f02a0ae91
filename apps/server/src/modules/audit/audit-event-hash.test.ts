import { describe, expect, it } from 'vitest';
import { type HashedContent, legacyAuditHash, storableJson, storableText } from './audit-event-hash';

describe('the bytes an audit hash covers', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a lone high surrogate', 'x\ud800', 'x\uFFFD'],
    ['a lone low surrogate', '\udc00y', '\uFFFDy'],
    ['a NUL', 'a\u0000b', 'a\uFFFDb'],
    ['a paired surrogate (emoji)', 'ok 😀', 'ok 😀'],
  ])('stores %s as PostgreSQL keeps it', (_name, text, stored = text) => {
    expect(storableText(text)).toBe(stored);
  });

  it('makes JSON storable in jsonb: keys and nested strings, dates as ISO text, undefined dropped', () => {
    expect(
      storableJson({ 'k\ud800': ['\udfff', { at: new Date('2026-01-02T03:04:05Z'), gone: undefined }] }),
    ).toEqual({ 'k\uFFFD': ['\uFFFD', { at: '2026-01-02T03:04:05.000Z' }] });
    expect(storableJson(undefined)).toBeNull();
  });

  it('recomputes an event written before keyed links exactly as that version hashed it', () => {
    // The hash the previous version's recordAuditEvent gave this content (computed with its code).
    const content: HashedContent = {
      chain: 'clinic:1234567893',
      clinicNpi: '1234567893',
      entityType: 'document',
      entityId: 'doc-1',
      eventType: 'signed',
      actorId: 'auth0|demo-provider',
      note: 'Łukasz Żółć 😀 "quoted"\n',
      before: { status: 'unsigned', codes: [1, 2.5] },
      after: { status: 'signed', at: '2026-11-21T10:00:00.000Z' },
      createdAt: '2026-11-21T10:00:00.123Z',
      prevHash: 'ab'.repeat(32),
    };
    expect(legacyAuditHash(content)).toBe('ef7979459a9c6fff8b429e1f16a6aee6c1671297a9b6af32456fdf5071ded259');
  });
});
