import { parseDeviceBarcode } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { listParsedFields } from './scanned-code-details';

const TODAY = new Date('2026-06-15T00:00:00Z');

describe('listParsedFields', () => {
  it('shows the UDI, then every other AI GS1 defines by its AI and title', () => {
    const parsed = parseDeviceBarcode(
      ']C10109527700000013235XYZ\u001d7240PROTO-1\u001d17261231\u001d10L1',
      TODAY,
    );
    expect(listParsedFields(parsed)).toEqual([
      ['GTIN', '09527700000013'],
      ['Lot', 'L1'],
      ['Expiry', '12/31/2026'],
      ['(235) TPX', 'XYZ'],
      ['(7240) PROTOCOL', 'PROTO-1'],
    ]);
  });

  it('fills the GTIN from a bare GTIN-14, an EAN-13 with ]E0 and a GS1 Digital Link', () => {
    for (const raw of ['09520123456788', ']E09520123456788', 'https://id.gs1.org/01/09520123456788']) {
      expect(listParsedFields(parseDeviceBarcode(raw, TODAY))[0]).toEqual(['GTIN', '09520123456788']);
    }
  });
});
