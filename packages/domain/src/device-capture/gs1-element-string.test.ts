import { describe, expect, it } from 'vitest';
import { type Gs1ParseSuccess, parseGs1ElementString, startsWithGs1Ai } from './gs1-element-string';

const GS = '\u001d';
const TODAY = new Date('2026-06-15T10:00:00Z');
// A demonstration GTIN (GS1 Prefix 952) and GS1's own Digital Link example.
const GTIN = '09527700000013';
const GS1_EXAMPLE_GTIN = '09520123456788';

const parsed = (raw: string, today = TODAY) => parseGs1ElementString(raw, today);

describe('parseGs1ElementString: what a device label carries', () => {
  it.each<[string, string, Partial<Gs1ParseSuccess>]>([
    [
      'GS1 DataMatrix with its identifier: GTIN, expiry, lot, serial',
      `]d201${GTIN}17261231${GS}10LOT42${GS}21SN0001`,
      {
        symbology: 'datamatrix',
        gtin: GTIN,
        expiry: '2026-12-31',
        lot: 'LOT42',
        serial: 'SN0001',
        productionDate: null,
      },
    ],
    [
      'GS1-128 with a leading FNC1, production date and serial last (no separator at the end)',
      `]C1${GS}01${GS1_EXAMPLE_GTIN}1125011521ABC-123/x`,
      { symbology: 'gs1-128', gtin: GS1_EXAMPLE_GTIN, productionDate: '2025-01-15', serial: 'ABC-123/x' },
    ],
    ['GS1 QR Code', `]Q301${GTIN}10A`, { symbology: 'qr', gtin: GTIN, lot: 'A' }],
    ['GS1 DataBar', `]e001${GTIN}`, { symbology: 'databar', gtin: GTIN, lot: null, serial: null }],
    [
      'no symbology identifier, a bare leading FNC1',
      `${GS}01${GTIN}21S${GS}10L`,
      { symbology: null, gtin: GTIN, serial: 'S', lot: 'L' },
    ],
    [
      'the separator written as a keyboard wedge sends it',
      `01${GTIN}10LOT^]21SER{GS}17270228`,
      { gtin: GTIN, lot: 'LOT', serial: 'SER', expiry: '2027-02-28' },
    ],
    ['expiry day 00: the last day of the month', `01${GTIN}17280200`, { expiry: '2028-02-29' }],
    [
      'the human-readable form with brackets',
      `(01)${GTIN}(17)260131(10)A1B2(21)7`,
      { gtin: GTIN, expiry: '2026-01-31', lot: 'A1B2', serial: '7' },
    ],
    [
      'the bracketed form with spaces between elements, and a scanner suffix',
      `(01) ${GTIN} (11) 240229 (21) X9\r\n`,
      { gtin: GTIN, productionDate: '2024-02-29', serial: 'X9' },
    ],
    [
      'variable fields at their longest (20 characters)',
      `01${GTIN}10ABCDEFGHIJKLMNOPQRST${GS}2112345678901234567890`,
      { lot: 'ABCDEFGHIJKLMNOPQRST', serial: '12345678901234567890' },
    ],
    [
      'a separator after a fixed-length field (allowed, not needed)',
      `01${GTIN}${GS}17261231${GS}10L`,
      { gtin: GTIN, expiry: '2026-12-31', lot: 'L' },
    ],
    ['the same element twice with the same value', `01${GTIN}01${GTIN}`, { gtin: GTIN }],
  ])('%s', (_story, raw, expected) => {
    const result = parsed(raw);
    expect(result).toMatchObject({ ok: true, format: 'gs1', ...expected });
  });

  it('keeps every element, in order, predefined-length ones it does not read among them', () => {
    const result = parsed(`01${GTIN}3103000150${GS}11250115410952012345678817261231${GS}240REF-7${GS}10L1`);
    expect(result).toEqual({
      ok: true,
      format: 'gs1',
      symbology: null,
      gtin: GTIN,
      expiry: '2026-12-31',
      productionDate: '2025-01-15',
      lot: 'L1',
      serial: null,
      elements: [
        { ai: '01', value: GTIN, title: 'GTIN' },
        { ai: '3103', value: '000150', title: 'NET WEIGHT (kg)' },
        { ai: '11', value: '250115', title: 'PROD DATE' },
        { ai: '410', value: '9520123456788', title: 'SHIP TO LOC' },
        { ai: '17', value: '261231', title: 'USE BY or EXPIRY' },
        { ai: '240', value: 'REF-7', title: 'ADDITIONAL ID' },
        { ai: '10', value: 'L1', title: 'BATCH/LOT' },
      ],
    });
  });

  it('keeps AIs GS1 defines that a device label does not need, and still reads the UDI', () => {
    const result = parsed(`]C101${GTIN}235XYZ${GS}7240PROTO-1${GS}17261231${GS}91INTERNAL${GS}10L1${GS}99X`);
    expect(result).toMatchObject({ ok: true, gtin: GTIN, expiry: '2026-12-31', lot: 'L1' });
    expect(
      result.ok && result.elements.map((element) => `${element.ai}=${element.value} ${element.title}`),
    ).toEqual([
      `01=${GTIN} GTIN`,
      '235=XYZ TPX',
      '7240=PROTO-1 PROTOCOL',
      '17=261231 USE BY or EXPIRY',
      '91=INTERNAL INTERNAL',
      '10=L1 BATCH/LOT',
      '99=X INTERNAL',
    ]);
  });

  it.each([
    ['a bare GTIN-14, as typed from the human-readable line', '10614141000415', '10614141000415', null],
    ['a bare GTIN-13', '2112345678900', '02112345678900', null],
    ['a bare GTIN-12 (UPC-A)', '416000336108', '00416000336108', null],
    ['a bare GTIN-8', '02345673', '00000002345673', null],
    ['an EAN-13 with its symbology identifier', ']E02112345678900', '02112345678900', 'ean-13'],
    ['an EAN-8 with its symbology identifier', ']E402345673', '00000002345673', 'ean-8'],
    ['a GTIN after ]X0', ']X010614141000415', '10614141000415', null],
  ])('%s fills the GTIN', (_story, raw, gtin, symbology) => {
    expect(parsed(raw)).toMatchObject({ ok: true, gtin, symbology, lot: null, serial: null });
  });

  it('reads an EAN-13 with its GS1 Composite', () => {
    expect(parsed(`]E02112345678900|]e099COMPOSITE${GS}98XYZ`)).toMatchObject({
      ok: true,
      gtin: '02112345678900',
      elements: [
        { ai: '01', value: '02112345678900' },
        { ai: '99', value: 'COMPOSITE' },
        { ai: '98', value: 'XYZ' },
      ],
    });
  });

  it.each([
    ['an EAN-13 with a wrong check digit', ']E02112345678901', 'bad-check-digit'],
    ['an EAN-13 too short', ']E0123456789012', 'truncated'],
    ['an EAN-8 too long', ']E4123456789', 'bad-value'],
    ['an SSCC with a wrong check digit', '(00)123456789012345670', 'bad-check-digit'],
    [
      'a contained GTIN with a wrong check digit',
      '(02)12345678901232(37)1(00)123456789012345675',
      'bad-check-digit',
    ],
  ])('refuses %s', (_story, raw, code) => {
    expect(parsed(raw)).toMatchObject({ ok: false, error: { code } });
  });

  it.each([
    // Today is 2026: two-digit years run from 1977 to 2076.
    ['2026-06-15', '17760101', '2076-01-01'],
    ['2026-06-15', '17770101', '1977-01-01'],
    ['2026-06-15', '17000101', '2000-01-01'],
    ['2080-06-15', '17250101', '2125-01-01'],
    ['2080-06-15', '17310101', '2031-01-01'],
  ])('on %s reads %s as %s (the GS1 century rule)', (today, element, expiry) => {
    expect(parsed(`01${GTIN}${element}`, new Date(`${today}T00:00:00Z`))).toMatchObject({ ok: true, expiry });
  });
});

describe('parseGs1ElementString: what it refuses, and says why', () => {
  it.each([
    ['an empty scan', '', 'empty', 'The code is empty.'],
    ['only a symbology identifier and FNC1', `]d2${GS}`, 'empty', 'The code is empty.'],
    ['whitespace', '  \r\n', 'empty', 'The code is empty.'],
    [
      'a GTIN whose check digit is wrong',
      '0109527700000017',
      'bad-check-digit',
      "The GTIN's check digit is wrong (expected 3, found 7).",
    ],
    [
      'a GTIN with a wrong check digit in the bracketed form',
      '(01)09520123456787(10)A',
      'bad-check-digit',
      "The GTIN's check digit is wrong (expected 8, found 7).",
    ],
    [
      'a GTIN cut short',
      '01095277000',
      'truncated',
      'The code ends too early: the GTIN (01) needs 14 digits, it has 9.',
    ],
    [
      'a GTIN cut short by a separator',
      `01095277${GS}10LOT`,
      'truncated',
      'The code ends too early: the GTIN (01) needs 14 digits, it has 6.',
    ],
    [
      'an expiry date cut short',
      `01${GTIN}1726`,
      'truncated',
      'The code ends too early: the expiry date (17) needs 6 digits, it has 2.',
    ],
    [
      'a bare AI at the end',
      `01${GTIN}17`,
      'truncated',
      'The code ends too early: the expiry date (17) is empty.',
    ],
    [
      'a lot with nothing in it',
      `01${GTIN}10${GS}21S`,
      'truncated',
      'The code ends too early: the lot (10) is empty.',
    ],
    [
      'a serial number AI at the very end',
      `01${GTIN}21`,
      'truncated',
      'The code ends too early: the serial number (21) is empty.',
    ],
    [
      'a bracketed GTIN too short',
      '(01)0952770000001(10)A',
      'truncated',
      'The code ends too early: the GTIN (01) needs 14 digits, it has 13.',
    ],
    ['a bracketed GTIN too long', '(01)095277000000133', 'bad-value', 'The GTIN (01) must be 14 digits.'],
    ['letters in the GTIN', '0109527700A00013', 'bad-value', 'The GTIN (01) must be digits only.'],
    [
      'an expiry month 13',
      `01${GTIN}17261301`,
      'bad-date',
      'The expiry date (17) is not a real date (261301, read as YYMMDD).',
    ],
    [
      'a 30 February production date',
      `01${GTIN}11260230`,
      'bad-date',
      'The production date (11) is not a real date (260230, read as YYMMDD).',
    ],
    [
      'a lot over 20 characters (a missing separator)',
      `01${GTIN}10LOT1234567890123456721SERIAL`,
      'bad-value',
      'The lot (10) is longer than 20 characters: a group separator may be missing.',
    ],
    [
      'a lot with a character GS1 does not allow',
      `01${GTIN}10LOT 1`,
      'bad-value',
      'The lot (10) has characters GS1 does not allow there (GS1 character set 82).',
    ],
    [
      'a count that is not digits',
      `01${GTIN}30AB`,
      'bad-value',
      'The count of items (30) must be digits only.',
    ],
    [
      'two different GTINs',
      `01${GTIN}01${GS1_EXAMPLE_GTIN}`,
      'bad-value',
      'The code carries the GTIN (01) twice, with different values.',
    ],
    [
      'an AI GS1 does not define (89), raw: its length cannot be known',
      `01${GTIN}89ABC`,
      'unknown-ai',
      'The code has an application identifier GS1 does not define: (89…).',
    ],
    [
      'an AI GS1 does not define, bracketed',
      `(01)${GTIN}(89)1`,
      'unknown-ai',
      'The code has an application identifier GS1 does not define: (89).',
    ],
    [
      'a bracketed AI of the wrong length for its prefix',
      `(01)${GTIN}(31)000150`,
      'unknown-ai',
      'The code has an application identifier GS1 does not define: (31).',
    ],
    [
      'an expiry time (7003) cut short',
      `01${GTIN}7003260115`,
      'truncated',
      'The code ends too early: the EXPIRY TIME (7003) needs 10 digits, it has 6.',
    ],
    [
      'a secondary label alone: expiry and lot without the GTIN (GS1 requires (01) or another key with them)',
      `]C117261231${GS}10LOT9`,
      'bad-pairing',
      'GS1 does not allow this code: (17) needs (01) or (02) or (03) or (255) or (8006) or (8026) in the same code.',
    ],
    [
      'a serial without a GTIN',
      '(21)ABC123',
      'bad-pairing',
      'GS1 does not allow this code: (21) needs (01) or (03) or (8006) in the same code.',
    ],
    [
      'a GTIN and a contained GTIN together',
      `(01)${GTIN}(02)${GS1_EXAMPLE_GTIN}(37)5`,
      'bad-pairing',
      'GS1 does not allow this code: (01) may not be used together with (37).',
    ],
    [
      'two mutually exclusive net weights (310n)',
      `(01)${GTIN}(3100)000001(3101)000002`,
      'bad-pairing',
      'GS1 does not allow this code: (3100) may not be used together with (3101).',
    ],
    [
      'letters where an AI should be',
      `01${GTIN}${GS}HELLO`,
      'unknown-ai',
      'The code has data that does not start with an application identifier ("HELLO").',
    ],
    [
      'a broken bracketed form',
      `(01)${GTIN}(1`,
      'bad-value',
      'The code\'s bracketed form is broken near "(1".',
    ],
  ])('%s', (_story, raw, code, message) => {
    expect(parsed(raw)).toEqual({ ok: false, format: 'gs1', error: { code, message } });
  });
});

describe('startsWithGs1Ai', () => {
  it.each([
    [`01${GTIN}`, true],
    ['(01)1', true],
    ['(7003)1', true],
    ['17261231', true],
    ['10LOT', true],
    ['3103000150', true],
    ['2401', true],
    ['4109520123456788', true],
    ['+A123', false],
    ['HELLO', false],
    ['91ABC', true],
    ['8912', false],
    ['5', false],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(startsWithGs1Ai(text)).toBe(expected);
  });
});
