import { describe, expect, it } from 'vitest';
import { type HibcParseSuccess, hibcCheckCharacter, parseHibc } from './hibc';

const TODAY = new Date('2026-06-15T10:00:00Z');
const parsed = (raw: string) => parseHibc(raw, TODAY);

describe('hibcCheckCharacter (modulo 43 over Code 39 values)', () => {
  it.each([
    // ANSI/HIBC 2.6 examples, as encoders' test suites quote them.
    ['+A123BJC5D6E71', 'G'],
    ['+$$52001510X3G', 'D'],
    ['+A99912345/$$52001510X3', '3'],
    ['+A99912345/$$52001510X3/16D20111212/S77DEFG45', '7'],
    ['+', '+'],
    ['', '0'],
  ])('of %j is %j', (data, check) => {
    expect(hibcCheckCharacter(data)).toBe(check);
  });
});

describe('parseHibc: labels it reads', () => {
  const none = {
    labelerCode: null,
    productNumber: null,
    unitOfMeasure: null,
    lot: null,
    serial: null,
    expiry: null,
    productionDate: null,
    quantity: null,
    linkCharacter: null,
  };
  it.each<[string, string, Partial<HibcParseSuccess>]>([
    // ANSI/HIBC 2.6 §4.3.1 (primary data alone).
    ['primary data', '+A123BJC5D6E71G', { labelerCode: 'A123', productNumber: 'BJC5D6E7', unitOfMeasure: 1 }],
    // ANSI/HIBC 2.6 §4.3.2 (secondary data alone: YYJJJ expiry, lot, link character).
    [
      'secondary data alone, linked to its primary',
      '+$$52001510X3GD',
      { expiry: '2020-01-15', lot: '10X3', linkCharacter: 'G' },
    ],
    // ANSI/HIBC 2.6 §2.2.1.1 (concatenated primary and secondary).
    [
      "primary and secondary joined by '/'",
      '+A99912345/$$52001510X33',
      { labelerCode: 'A999', productNumber: '1234', unitOfMeasure: 5, expiry: '2020-01-15', lot: '10X3' },
    ],
    [
      'supplemental production date and serial',
      '+A99912345/$$52001510X3/16D20111212/S77DEFG457',
      { lot: '10X3', expiry: '2020-01-15', productionDate: '2011-12-12', serial: '77DEFG45' },
    ],
    [
      "'$' lot, then supplemental dates and quantity",
      '+A99912349/$10X3/16D20111231/14D20200131/Q500Z',
      { unitOfMeasure: 9, lot: '10X3', productionDate: '2011-12-31', expiry: '2020-01-31', quantity: 500 },
    ],
    [
      "'$+' serial",
      '+E490HE21KL1/$+HEK13044/16D20220531/Q1$',
      { productNumber: 'HE21KL', serial: 'HEK13044', lot: null, productionDate: '2022-05-31', quantity: 1 },
    ],
    [
      "'$$3' YYMMDD expiry and lot",
      '+J123AQ3451/$$3231231BC34567/S4012R',
      { expiry: '2023-12-31', lot: 'BC34567', serial: '4012' },
    ],
    [
      "'$$7': lot without a date",
      '+D002624225011/$$705224372/16D202201195',
      { lot: '05224372', expiry: null },
    ],
    [
      "'$$' MMYY expiry (the month's last day)",
      '+$$0624J139276%5',
      { expiry: '2024-06-30', lot: 'J139276', linkCharacter: '%' },
    ],
    [
      "'$$' MMYY in February",
      '+$$02231162074ZA',
      { expiry: '2023-02-28', lot: '1162074', linkCharacter: 'Z' },
    ],
    [
      "'$$9' quantity, then an MMYY expiry",
      '+EOROCDF366A01501/$$900001122321007217',
      { quantity: 1, expiry: '2023-12-31', lot: '2100721' },
    ],
    [
      "'$$9' quantity, then no date",
      '+E235817C19/$$9000067101822%',
      { quantity: 6, expiry: null, lot: '101822' },
    ],
    [
      "'$$9' quantity, then MMDDYY",
      '+E2513079NL1/$$90001020331222021050425-1P',
      { quantity: 10, expiry: '2022-03-31', lot: '2021050425-1' },
    ],
    [
      'a 13-character product number',
      '+J003A1411P00003001/$$32601270000276973O',
      { labelerCode: 'J003', productNumber: 'A1411P0000300', expiry: '2026-01-27' },
    ],
    [
      'the Code 39 caption with its asterisks',
      '*+A123BJC5D6E71G*',
      { labelerCode: 'A123', productNumber: 'BJC5D6E7' },
    ],
    [
      'a symbology identifier (HIBC in DataMatrix)',
      ']d1+A123BJC5D6E71G',
      { symbology: 'datamatrix', labelerCode: 'A123' },
    ],
    ['Code 128', ']C0+A123BJC5D6E71G', { symbology: 'code-128' }],
    ['Code 39', ']A0+A123BJC5D6E71G', { symbology: 'code-39' }],
    ['typed with Caps Lock on', '+a123bjc5d6e71g', { labelerCode: 'A123', productNumber: 'BJC5D6E7' }],
    ['a scanner suffix', '+A123BJC5D6E71G\r\n', { labelerCode: 'A123' }],
  ])('%s', (_story, raw, expected) => {
    expect(parsed(raw)).toMatchObject({ ok: true, format: 'hibc', ...expected });
  });

  it('answers every field, the ones a code leaves out as null', () => {
    expect(parsed('+A123BJC5D6E71G')).toEqual({
      ok: true,
      format: 'hibc',
      symbology: null,
      ...none,
      labelerCode: 'A123',
      productNumber: 'BJC5D6E7',
      unitOfMeasure: 1,
    });
  });

  it.each([
    [
      "'$$+' serial with a YYMMDD expiry",
      '$$+3271231SN123',
      { serial: 'SN123', expiry: '2027-12-31', lot: null },
    ],
    ["'$$2' MMDDYY expiry", '$$2123127LOT', { expiry: '2027-12-31', lot: 'LOT' }],
    ["'$$4' YYMMDDHH expiry", '$$42712312300LOT', { expiry: '2027-12-31', lot: '00LOT' }],
    ["'$$6' YYJJJHH expiry", '$$6270010823LOT', { expiry: '2027-01-01', lot: '23LOT' }],
    ["'$$8' two-digit quantity", '$$8247LOT', { quantity: 24, expiry: null, lot: 'LOT' }],
    ['the old YYJJJ date and lot', '27032LOT', { expiry: '2027-02-01', lot: 'LOT' }],
    ["a stray '+' after the '/'", '+$K42888', { lot: 'K42888' }],
  ])('%s', (_story, secondary, expected) => {
    const data = `+A123BJC5D6E71/${secondary}`;
    expect(parsed(`${data}${hibcCheckCharacter(data)}`)).toMatchObject({ ok: true, ...expected });
  });

  it('reads a space check character, and the caption’s underscore for it', () => {
    const data = findDataWithCheckCharacter(' ');
    expect(parsed(`${data} `)).toMatchObject({ ok: true });
    expect(parsed(`*${data}_*`)).toMatchObject({ ok: true });
  });
});

/** A primary data structure (labeler A123, unit of measure 1) whose check character is the one asked for. */
function findDataWithCheckCharacter(check: string): string {
  const alphanumerics = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const first of alphanumerics) {
    for (const second of alphanumerics) {
      const data = `+A123${first}${second}1`;
      if (hibcCheckCharacter(data) === check) return data;
    }
  }
  throw new Error(`no data found with check character ${check}`);
}

describe('parseHibc: what it refuses, and says why', () => {
  const withCheck = (data: string) => `${data}${hibcCheckCharacter(data)}`;
  it.each([
    ['an empty scan', '', 'empty', 'The code is empty.'],
    [
      'a wrong check character',
      '+A123BJC5D6E71H',
      'bad-check-digit',
      'The HIBC check character is wrong (expected G, found H).',
    ],
    [
      'a combined code with its last character lost',
      '+A99912345/$$52001510X3',
      'bad-check-digit',
      'The HIBC check character is wrong (expected 0, found 3).',
    ],
    ['no leading +', 'A123BJC5D6E71G', 'bad-value', "An HIBC code starts with '+'."],
    [
      'a character outside Code 39',
      '+A123BJC#6E71G',
      'bad-value',
      'The HIBC code has a character HIBC does not use ("#").',
    ],
    [
      'only the flag',
      '+',
      'truncated',
      'The code ends too early: an HIBC code needs data and a check character.',
    ],
    [
      'a provider (PAS) code',
      '+/EO5232013',
      'bad-value',
      'This is an HIBC provider (PAS) code, not a manufacturer’s device label.',
    ],
    [
      'primary data cut short',
      withCheck('+A121'),
      'truncated',
      'The code ends too early: the HIBC primary data needs a labeler code, a product number and a unit of measure.',
    ],
    [
      'a unit of measure that is not a digit',
      withCheck('+A123BJC5D6E7X'),
      'bad-value',
      'The HIBC unit of measure must be one digit.',
    ],
    [
      'a product number over 18 characters',
      withCheck('+A123ABCDEFGHIJKLMNOPQRS1'),
      'bad-value',
      'The HIBC product number must be 1 to 18 letters or digits.',
    ],
    [
      'a labeler code with a symbol',
      withCheck('+A1$3BJC1'),
      'bad-value',
      'The HIBC labeler code must be a letter and 3 letters or digits ("A1$3").',
    ],
    [
      'an expiry date cut short',
      withCheck('+A123BJC1/$$3261'),
      'truncated',
      'The code ends too early: the HIBC expiry date is short.',
    ],
    [
      'a date flag with nothing after it',
      withCheck('+A123BJC1/$$'),
      'truncated',
      'The code ends too early: the HIBC date field is missing.',
    ],
    [
      'a lot flag with nothing after it',
      withCheck('+A123BJC1/$'),
      'truncated',
      'The code ends too early: the HIBC lot is empty.',
    ],
    [
      'a serial flag with nothing after it',
      withCheck('+A123BJC1/$+'),
      'truncated',
      'The code ends too early: the HIBC serial number is empty.',
    ],
    [
      'a quantity cut short',
      withCheck('+A123BJC1/$$90001'),
      'truncated',
      'The code ends too early: the HIBC quantity is short.',
    ],
    [
      'an empty part after a slash',
      withCheck('+A123BJC1/$LOT/'),
      'truncated',
      'The code ends too early: an HIBC part after a "/" is empty.',
    ],
    [
      'an expiry in month 13',
      withCheck('+A123BJC1/$$3261301LOT'),
      'bad-date',
      'The HIBC expiry date is not a real date (261301).',
    ],
    [
      'an MMYY expiry in month 13',
      withCheck('+A123BJC1/$$1326LOT'),
      'bad-date',
      'The HIBC expiry date is not a real date (1326).',
    ],
    [
      'a day of year 400',
      withCheck('+A123BJC1/$$526400LOT'),
      'bad-date',
      'The HIBC expiry date is not a real date (26400).',
    ],
    [
      'an hour 24',
      withCheck('+A123BJC1/$$42612312400'),
      'bad-date',
      'The HIBC expiry date is not a real date (26123124).',
    ],
    [
      'a supplemental date that does not exist',
      withCheck('+A123BJC1/$L/16D20230230'),
      'bad-date',
      'The HIBC production date is not a real date (20230230).',
    ],
    [
      'a supplemental date cut short',
      withCheck('+A123BJC1/$L/14D202301'),
      'truncated',
      'The code ends too early: the HIBC date 14D202301 is not YYYYMMDD.',
    ],
    [
      'two different expiry dates',
      withCheck('+A123BJC1/$$3261231L/14D20270101'),
      'bad-value',
      'The HIBC code carries two different expiry dates.',
    ],
    [
      'two different serial numbers',
      withCheck('+A123BJC1/$+S1/SS2'),
      'bad-value',
      'The HIBC code carries two different serial numbers.',
    ],
    [
      'an unknown date format',
      withCheck('+A123BJC1/$$+LOT'),
      'bad-value',
      "The HIBC code names a date format it does not define ('L' after '$$').",
    ],
    [
      'a part it cannot read',
      withCheck('+A123BJC1/$L/XYZ'),
      'bad-value',
      'The HIBC code has a part this page cannot read ("XYZ").',
    ],
    [
      'a secondary symbol alone without fields',
      withCheck('+%'),
      'truncated',
      'The code ends too early: the HIBC secondary data is missing its fields.',
    ],
    [
      'a secondary symbol alone with a short date',
      withCheck('+2601G'),
      'truncated',
      'The code ends too early: the HIBC secondary data is missing its fields.',
    ],
  ])('%s', (_story, raw, code, message) => {
    expect(parsed(raw)).toEqual({ ok: false, format: 'hibc', error: { code, message } });
  });

  it('shows a space check character as the caption’s underscore', () => {
    const data = findDataWithCheckCharacter(' ');
    const result = parsed(`${data}X`);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-check-digit' } });
    expect(result.ok ? '' : result.error.message).toBe(
      'The HIBC check character is wrong (expected _, found X).',
    );
  });
});

// Labels from a public HIBC parser's tests (DacoTaco/BarcodeParserBuilder,
// BarcodeParserBuilder.UnitTests/Barcodes/HIBC/HibcBarcodeParserBuilderTestFixture.cs at commit
// c0e26a7d6ca9f181a38c50fa6e4c7db3287aa5e2), each read as given and with the spaces a scanner or a paste leaves
// after the check character, which are trimmed before the check (one label's check character is a space).
describe('parseHibc: a public HIBC parser’s examples, with and without trailing spaces', () => {
  it.each<[string, Partial<HibcParseSuccess>]>([
    [
      '+J123AQ3451/25330BC34567/S4012X',
      {
        labelerCode: 'J123',
        productNumber: 'AQ345',
        unitOfMeasure: 1,
        expiry: '2025-11-26',
        lot: 'BC34567',
        serial: '4012',
      },
    ],
    [
      '+A99912345/$$812710X3/16D20111212/14D20200906/S77DEFG453',
      {
        labelerCode: 'A999',
        productNumber: '1234',
        quantity: 12,
        lot: '10X3',
        serial: '77DEFG45',
        expiry: '2020-09-06',
      },
    ],
    [
      '+E203PB414109/$$8243280112R00089525J',
      { labelerCode: 'E203', lot: 'R00089525', expiry: '2028-01-12', quantity: 24 },
    ],
    [
      ']d1+EFOR78712011/$26485266/16D20240626/Q10S',
      { labelerCode: 'EFOR', lot: '26485266', productionDate: '2024-06-26' },
    ],
    ['+A123BJC5D6E71G', { labelerCode: 'A123', productNumber: 'BJC5D6E7', unitOfMeasure: 1 }],
  ])('%j', (raw, expected) => {
    for (const trailing of ['', ' ', '   ']) {
      expect(parsed(`${raw}${trailing}`), JSON.stringify(trailing)).toMatchObject({ ok: true, ...expected });
    }
  });

  it('keeps a check character that is a space, with spaces after it', () => {
    // From the same fixture ('+A123BJCMD6E79++$$52001510X3+ '): the secondary data, whose check character is a space.
    const secondary = '+$$52001510X3+';
    expect(hibcCheckCharacter(secondary)).toBe(' ');
    for (const trailing of ['', ' ', '  ']) {
      expect(parsed(`${secondary} ${trailing}`)).toMatchObject({
        ok: true,
        lot: '10X3',
        expiry: '2020-01-15',
      });
    }
  });

  it('still refuses a wrong check character that spaces follow', () => {
    expect(parsed('+A123BJC5D6E71H  ')).toMatchObject({ ok: false, error: { code: 'bad-check-digit' } });
  });
});
