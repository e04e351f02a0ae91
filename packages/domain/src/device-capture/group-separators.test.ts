import { describe, expect, it } from 'vitest';
import {
  GROUP_SEPARATOR,
  normalizeGroupSeparators,
  showGroupSeparators,
  trimGroupSeparators,
} from './group-separators';

const GS = GROUP_SEPARATOR;

describe('normalizeGroupSeparators', () => {
  it.each([
    ['ASCII 29 itself', `0109520123456788${GS}10A1${GS}21B2`, `0109520123456788${GS}10A1${GS}21B2`],
    ['the Control Pictures symbol ␝', '10A1␝21B2', `10A1${GS}21B2`],
    ['<GS>', '10A1<GS>21B2', `10A1${GS}21B2`],
    ['<gs>, any case', '10A1<gs>21B2', `10A1${GS}21B2`],
    ['{GS}', '10A1{GS}21B2', `10A1${GS}21B2`],
    ['[GS]', '10A1[GS]21B2', `10A1${GS}21B2`],
    ["'^]' as a wedge types Ctrl+]", '10A1^]21B2', `10A1${GS}21B2`],
    ['several, mixed', '^]10A1<GS>21B2{GS}', `${GS}10A1${GS}21B2${GS}`],
    ['nothing to change', '+A123BJC5D6E71G', '+A123BJC5D6E71G'],
    // Not conventions a scanner sends: left alone.
    ['~1 (an encoder escape)', '10A1~121B2', '10A1~121B2'],
    ['GS without brackets', '10A1GS21B2', '10A1GS21B2'],
    ['a lone caret', '10A^1', '10A^1'],
  ])('turns %s into ASCII 29', (_convention, raw, normalized) => {
    expect(normalizeGroupSeparators(raw)).toBe(normalized);
  });
});

describe('showGroupSeparators', () => {
  it.each([
    [`0109520123456788${GS}10A1`, '0109520123456788␝10A1'],
    ['line\r\nend\t', 'line␍␊end␉'],
    ['\u0000\u001e\u001f\u007f', '␀␞␟␡'],
    ['+A123 BJC', '+A123 BJC'],
    ['', ''],
  ])('%j shows as %j', (raw, shown) => {
    expect(showGroupSeparators(raw)).toBe(shown);
  });

  it('shows what normalizeGroupSeparators turns back', () => {
    const raw = `01095201234567881710A1${GS}21B2`;
    expect(normalizeGroupSeparators(showGroupSeparators(raw))).toBe(raw);
  });
});

describe('trimGroupSeparators', () => {
  it.each([
    [`${GS}0109520123456788${GS}10A${GS}`, `0109520123456788${GS}10A`],
    [`${GS}${GS}10A`, '10A'],
    [`${GS}${GS}`, ''],
    ['10A', '10A'],
    ['', ''],
  ])('%j is %j', (text, trimmed) => {
    expect(trimGroupSeparators(text)).toBe(trimmed);
  });
});
