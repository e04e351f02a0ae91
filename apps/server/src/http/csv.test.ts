import { describe, expect, it } from 'vitest';
import { formatCsv, formatCsvField } from './csv';

describe('formatCsvField (RFC 4180, safe from spreadsheet formulas)', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['Smith, John', '"Smith, John"'],
    ['Anna "Ann"', '"Anna ""Ann"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['=1+1', "'=1+1"],
    ['+15551234', "'+15551234"],
    ['-12', "'-12"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
    ["O'Brien", "O'Brien"],
  ])('%j is written %j', (value, written) => {
    expect(formatCsvField(value)).toBe(written);
  });
});

describe('formatCsv', () => {
  it('ends every record, the last included, with CRLF', () => {
    expect(
      formatCsv([
        ['a', 'b'],
        ['1', null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
  });
});
