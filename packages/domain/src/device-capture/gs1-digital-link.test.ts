import { describe, expect, it } from 'vitest';
import { parseDeviceBarcode } from './device-barcode';
import { looksLikeDigitalLink, parseGs1DigitalLink } from './gs1-digital-link';

const TODAY = new Date('2026-06-15T00:00:00Z');

// Examples in the form of the GS1 Digital Link standard (URI syntax 1.x, §4): GS1's own demonstration GTIN
// 09520123456788 on id.gs1.org and on a brand's domain with a path prefix.
describe('parseGs1DigitalLink', () => {
  it.each([
    [
      'path form: GTIN, lot and serial',
      'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345',
      { gtin: '09520123456788', lot: 'ABC1', serial: '12345', expiry: null },
    ],
    [
      'query form: expiry as a data attribute, other parameters ignored',
      'https://example.com/01/09520123456788/21/12345?17=280131&linkType=gs1:pip',
      { gtin: '09520123456788', serial: '12345', expiry: '2028-01-31' },
    ],
    [
      'a brand domain with a path prefix, a GTIN-13 padded to 14',
      'https://brand.example/products/01/9520123456788?10=L%2F7&17=280100',
      { gtin: '09520123456788', lot: 'L/7', expiry: '2028-01-31' },
    ],
    ['upper-case scheme', 'HTTPS://ID.GS1.ORG/01/09520123456788', { gtin: '09520123456788' }],
    [
      'after a QR Code symbology identifier, with (99) in the query',
      ']Q1https://example.com/01/12312312312333?99=TEST',
      { gtin: '12312312312333' },
    ],
  ])('%s', (_story, raw, expected) => {
    expect(parseGs1DigitalLink(raw, TODAY)).toMatchObject({
      ok: true,
      symbology: 'digital-link',
      ...expected,
    });
  });

  it.each([
    ['a GTIN with a wrong check digit', 'https://id.gs1.org/01/09520123456789', 'bad-check-digit'],
    [
      'qualifiers out of order (serial before lot)',
      'https://id.gs1.org/01/09520123456788/21/1/10/A',
      'unknown-ai',
    ],
    ['no primary key', 'https://id.gs1.org/products/123', 'unknown-ai'],
    ['an expiry that is not a date', 'https://id.gs1.org/01/09520123456788?17=281332', 'bad-date'],
    ['an AI not allowed in the query (a serial)', 'https://id.gs1.org/01/09520123456788?21=5', 'bad-value'],
    ['a broken percent sequence', 'https://id.gs1.org/01/09520123456788/10/%E0%A4%A', 'bad-value'],
  ])('refuses %s', (_story, raw, code) => {
    expect(parseGs1DigitalLink(raw, TODAY)).toMatchObject({ ok: false, error: { code } });
  });

  it('is what the device reader uses for an https address; other addresses are not device codes', () => {
    expect(parseDeviceBarcode('https://id.gs1.org/01/09520123456788/21/S1', TODAY)).toMatchObject({
      ok: true,
      gtin: '09520123456788',
      serial: 'S1',
    });
    expect(parseDeviceBarcode('https://example.org/about', TODAY)).toMatchObject({
      ok: false,
      format: 'unknown',
    });
    expect(looksLikeDigitalLink('HtTps://example.com/01/09520123456788')).toBe(false);
  });
});
