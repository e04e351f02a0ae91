import { describe, expect, it } from 'vitest';
import type { DocumentAttributes, DocumentResource } from './document-resource';
import {
  extendBulkChecks,
  listBulkSignableIds,
  moveSelection,
  resolveSelectedId,
  toggleCheck,
} from './selection';

function doc(id: string, attributes: Partial<DocumentAttributes> = {}): DocumentResource {
  return { id, attributes: { status: 'unsigned', alert: null, ...attributes } as DocumentAttributes };
}

const list = [doc('a'), doc('b', { alert: 'high' }), doc('c', { status: 'signed' }), doc('d')];

describe('inbox selection', () => {
  it('selects the first document when nothing (or something no longer listed) is chosen', () => {
    expect(resolveSelectedId(list, undefined)).toBe('a');
    expect(resolveSelectedId(list, 'gone')).toBe('a');
    expect(resolveSelectedId(list, 'c')).toBe('c');
    expect(resolveSelectedId([], 'c')).toBeUndefined();
  });

  it('j/k move one place and stop at the ends', () => {
    expect(moveSelection(list, 'a', 1)).toBe('b');
    expect(moveSelection(list, 'b', -1)).toBe('a');
    expect(moveSelection(list, 'a', -1)).toBe('a');
    expect(moveSelection(list, 'd', 1)).toBe('d');
    expect(moveSelection(list, undefined, 1)).toBe('a');
  });

  it('check all takes unsigned documents without an alert', () => {
    expect(listBulkSignableIds(list)).toEqual(['a', 'd']);
  });

  it('in bulk mode later pages join the checks and single toggles are ignored', () => {
    const checked = new Set(['a']);
    expect([...extendBulkChecks(checked, true, list)]).toEqual(['a', 'd']);
    expect(extendBulkChecks(checked, false, list)).toBe(checked);
    expect(toggleCheck(checked, true, 'd')).toBe(checked);
    expect([...toggleCheck(checked, false, 'd')]).toEqual(['a', 'd']);
    expect([...toggleCheck(checked, false, 'a')]).toEqual([]);
  });
});
