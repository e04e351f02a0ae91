import { describe, expect, it } from 'vitest';
import { parseDeviceBarcode, UNKNOWN_DEVICE_BARCODE_MESSAGE } from './device-barcode';

const TODAY = new Date('2026-06-15T10:00:00Z');
const GTIN = '09527700000013';

describe('parseDeviceBarcode', () => {
  it.each([
    ['GS1 DataMatrix', `]d201${GTIN}17261231\u001d10L1`, 'gs1', { gtin: GTIN, lot: 'L1' }],
    ['GS1 with a keyboard wedge’s separator', `01${GTIN}10L1<GS>21S1`, 'gs1', { lot: 'L1', serial: 'S1' }],
    ['GS1 after a bare FNC1', `\u001d01${GTIN}`, 'gs1', { gtin: GTIN }],
    ['GS1 in brackets', `(01)${GTIN}(21)S1`, 'gs1', { serial: 'S1' }],
    ['GS1 with a leading space', ` 01${GTIN}`, 'gs1', { gtin: GTIN }],
    [
      'a GS1 label with expiry and lot',
      '010952770000001317261231\u001d10L1',
      'gs1',
      { gtin: '09527700000013', expiry: '2026-12-31' },
    ],
    ['company-internal GS1 data alone (valid GS1, no UDI in it)', '91ABC', 'gs1', { gtin: null }],
    ['a bare GTIN-14', '10614141000415', 'gs1', { gtin: '10614141000415', lot: null }],
    ['an EAN-13 with ]E0', ']E02112345678900', 'gs1', { gtin: '02112345678900', serial: null }],
    [
      'a GS1 Digital Link URI',
      'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=280131',
      'gs1',
      {
        gtin: '09520123456788',
        lot: 'ABC1',
        serial: '12345',
        expiry: '2028-01-31',
        symbology: 'digital-link',
      },
    ],
    ['HIBC', '+A123BJC5D6E71G', 'hibc', { labelerCode: 'A123' }],
    ['HIBC in DataMatrix', ']d1+A99912345/$$52001510X33', 'hibc', { lot: '10X3', symbology: 'datamatrix' }],
    ['an HIBC caption', '*+A123BJC5D6E71G*', 'hibc', { productNumber: 'BJC5D6E7' }],
  ])('reads %s', (_story, raw, format, expected) => {
    expect(parseDeviceBarcode(raw, TODAY)).toMatchObject({ ok: true, format, ...expected });
  });

  it.each([
    ['a GS1 code with a bad check digit', '0109527700000017', 'gs1', 'bad-check-digit'],
    ['a truncated GS1 code', '01095277', 'gs1', 'truncated'],
    ['a GS1 identifier over data that is not element strings', ']C1HELLO', 'gs1', 'unknown-ai'],
    ['an HIBC code with a bad check character', '+A123BJC5D6E71H', 'hibc', 'bad-check-digit'],
  ])('passes on the parser’s refusal of %s', (_story, raw, format, code) => {
    expect(parseDeviceBarcode(raw, TODAY)).toMatchObject({ ok: false, format, error: { code } });
  });

  it.each([
    ['a web address', 'https://example.org/device'],
    ['a patient name', 'Jane Doe'],
    ['a Code 128 of letters', ']C0ABC-123'],
    ['a lone digit', '5'],
  ])('refuses %s as neither GS1 nor HIBC', (_story, raw) => {
    expect(parseDeviceBarcode(raw, TODAY)).toEqual({
      ok: false,
      format: 'unknown',
      error: { code: 'unknown-format', message: UNKNOWN_DEVICE_BARCODE_MESSAGE },
    });
  });

  it.each(['', '   ', '\r\n'])('answers %j as empty', (raw) => {
    expect(parseDeviceBarcode(raw, TODAY)).toEqual({
      ok: false,
      format: 'unknown',
      error: { code: 'empty', message: 'The code is empty.' },
    });
  });
});
