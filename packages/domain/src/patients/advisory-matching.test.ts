import { describe, expect, it } from 'vitest';
import {
  type AdvisoryScope,
  findAdvisoriesForDevice,
  isDeviceAffectedByAdvisory,
  isSerialInRange,
  listAdvisoryModelKeys,
  resolveManufacturerCode,
} from './advisory-matching';
import type { DeviceCatalogEntry } from './device-catalog';

// The Cobalt XT / Cobalt / Crome numbers of Medtronic's June 2022 advisory (a few of them).
const cobaltAdvisory: AdvisoryScope = {
  manufacturer: 'MDT',
  models: ['DVPA2D1', 'DVPA2D4', 'DDPA2D4', 'DTPA2QQ'],
  serialRanges: [],
  serialNumbers: [],
};
const withSerials = (scope: Partial<AdvisoryScope>): AdvisoryScope => ({ ...cobaltAdvisory, ...scope });

describe('an advisory without serial ranges or lists', () => {
  it('touches every device of its models, whatever its serial, or with none', () => {
    for (const serialNumber of ['PJN123456S', '1', null, undefined]) {
      expect(
        isDeviceAffectedByAdvisory(
          { manufacturer: 'MDT', modelNumber: 'DVPA2D4', serialNumber },
          cobaltAdvisory,
        ),
      ).toBe(true);
    }
  });

  it('does not touch another model of the same manufacturer', () => {
    expect(isDeviceAffectedByAdvisory({ manufacturer: 'MDT', modelNumber: 'W1DR01' }, cobaltAdvisory)).toBe(
      false,
    );
  });

  it('does not touch a device without any model', () => {
    expect(isDeviceAffectedByAdvisory({ manufacturer: 'MDT', serialNumber: 'PJN1' }, cobaltAdvisory)).toBe(
      false,
    );
    expect(isDeviceAffectedByAdvisory({}, cobaltAdvisory)).toBe(false);
  });
});

describe('the model', () => {
  it.each(['DVPA2D4', ' dvpa2d4 ', 'DVPA-2D4', 'DVPA 2D4', 'dvpa2d4™'])(
    'matches the model number %j as normalised',
    (modelNumber) => {
      expect(isDeviceAffectedByAdvisory({ modelNumber }, cobaltAdvisory)).toBe(true);
    },
  );

  it('matches a device with only a model name through the catalog', () => {
    expect(
      isDeviceAffectedByAdvisory({ manufacturer: 'MDT', model: 'Cobalt XT VR MRI SureScan' }, cobaltAdvisory),
    ).toBe(true);
    expect(isDeviceAffectedByAdvisory({ model: 'cobalt xt dr mri surescan' }, cobaltAdvisory)).toBe(true);
    expect(isDeviceAffectedByAdvisory({ model: 'Azure XT DR MRI SureScan' }, cobaltAdvisory)).toBe(false);
  });

  it('matches a device whose model name is itself a listed number (designations)', () => {
    const biotronik: AdvisoryScope = { ...cobaltAdvisory, manufacturer: 'BIO', models: ['Edora 8 DR-T'] };
    expect(isDeviceAffectedByAdvisory({ manufacturer: 'BIO', model: 'EDORA 8 DRT' }, biotronik)).toBe(true);
    expect(isDeviceAffectedByAdvisory({ manufacturer: 'BIO', modelNumber: 'edora8 dr-t' }, biotronik)).toBe(
      true,
    );
  });

  it('lets a recorded model number decide over a name it shares with a listed number', () => {
    // Cobalt XT HF CRT-D is DTPA2D1 or DTPA2D4; only the quad DTPA2QQ is listed here.
    expect(
      isDeviceAffectedByAdvisory(
        { model: 'Cobalt XT HF Quad CRT-D MRI SureScan', modelNumber: 'DTPA2Q1' },
        cobaltAdvisory,
      ),
    ).toBe(false);
    expect(
      isDeviceAffectedByAdvisory({ model: 'Cobalt XT HF Quad CRT-D MRI SureScan' }, cobaltAdvisory),
    ).toBe(true);
  });

  it('takes the catalog it is given', () => {
    const catalog: DeviceCatalogEntry[] = [
      { manufacturer: 'MDT', modelName: 'Test Model', modelNumber: 'DVPA2D4', deviceType: 'ICD' },
    ];
    expect(isDeviceAffectedByAdvisory({ model: 'Test Model' }, cobaltAdvisory, catalog)).toBe(true);
    expect(isDeviceAffectedByAdvisory({ model: 'Cobalt XT VR MRI SureScan' }, cobaltAdvisory, catalog)).toBe(
      false,
    );
  });
});

describe('the manufacturer', () => {
  it.each([
    ['MDT', true],
    ['Medtronic', true],
    ['medtronic ', true],
    [null, true],
    ['', true],
    ['Unknown Devices Inc.', true],
    ['BSX', false],
    ['Boston Scientific', false],
    ['Abbott', false],
  ])('%j with a listed model number: touched is %s', (manufacturer, touched) => {
    expect(isDeviceAffectedByAdvisory({ manufacturer, modelNumber: 'DVPA2D4' }, cobaltAdvisory)).toBe(
      touched,
    );
  });

  it.each([
    ['STJ', 'STJ'],
    ['St. Jude Medical', 'STJ'],
    ['Abbott', 'STJ'],
    ['bsx', 'BSX'],
    ['MicroPort', 'SOR'],
    ['Biotronik', 'BIO'],
    ['', undefined],
    ['Acme', undefined],
  ])('%j resolves to %s', (text, code) => {
    expect(resolveManufacturerCode(text)).toBe(code);
  });
});

describe('serial lists', () => {
  const listed = withSerials({ serialNumbers: ['PJN100001S', 'pjn-100003 s'] });

  it('touch the listed serials, compared normalised', () => {
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: 'pjn100001s' }, listed)).toBe(
      true,
    );
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: 'PJN 100003S' }, listed)).toBe(
      true,
    );
  });

  it('do not touch an unlisted serial, a device without a serial, or a listed serial of another model', () => {
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: 'PJN100002S' }, listed)).toBe(
      false,
    );
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4' }, listed)).toBe(false);
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: '  ' }, listed)).toBe(false);
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'W1DR01', serialNumber: 'PJN100001S' }, listed)).toBe(
      false,
    );
  });
});

describe('serial ranges', () => {
  const ranged = withSerials({ serialRanges: [{ from: 'PJN100000S', to: 'PJN199999S' }] });

  it('touch a serial inside, bounds included', () => {
    for (const serialNumber of ['PJN100000S', 'PJN150000S', 'pjn-199999-s']) {
      expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber }, ranged)).toBe(true);
    }
  });

  it('do not touch a serial outside or without one', () => {
    for (const serialNumber of ['PJN099999S', 'PJN200000S', 'PJM150000S', null]) {
      expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber }, ranged)).toBe(false);
    }
  });

  it('with a list: either one touches', () => {
    const both = withSerials({
      serialRanges: [{ from: '1000', to: '1999' }],
      serialNumbers: ['5000'],
    });
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: '1500' }, both)).toBe(true);
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: '5000' }, both)).toBe(true);
    expect(isDeviceAffectedByAdvisory({ modelNumber: 'DVPA2D4', serialNumber: '3000' }, both)).toBe(false);
  });
});

describe('isSerialInRange', () => {
  it.each([
    // Equal length: character by character, so leading zeros count.
    ['0123', '0100', '0200', true],
    ['0099', '0100', '0200', false],
    ['A150', 'A100', 'A200', true],
    ['B150', 'A100', 'A200', false],
    // Equal length but another shape: a letter where the bounds have digits.
    ['PJN1A0000S', 'PJN100000S', 'PJN199999S', false],
    ['AB50', 'A100', 'A200', false],
    // Different lengths: by number between the same letters.
    ['1000', '999', '1005', true],
    ['1006', '999', '1005', false],
    ['A120', 'A95', 'A120', true],
    ['A121', 'A95', 'A120', false],
    ['B100', 'A95', 'A120', false],
    ['100S', '95S', '120S', true],
    ['100T', '95S', '120S', false],
    // Normalised first.
    ['ab-0150', 'AB0100', 'AB0200', true],
    // Nothing to compare.
    ['', '0100', '0200', false],
    ['0150', '', '0200', false],
    ['01/50', '0100', '0200', false],
    ['1/500', '999', '1005', false],
    // A reversed range is empty.
    ['0150', '0200', '0100', false],
  ])('%j in %j..%j is %s', (serial, from, to, inside) => {
    expect(isSerialInRange(serial, { from, to })).toBe(inside);
  });
});

describe('findAdvisoriesForDevice', () => {
  it('keeps the touching advisories in the order given', () => {
    const accolade: AdvisoryScope = {
      manufacturer: 'BSX',
      models: ['L331'],
      serialRanges: [],
      serialNumbers: [],
    };
    const later = withSerials({ models: ['DVPA2D4', 'DDPA2D4'] });
    const found = findAdvisoriesForDevice({ manufacturer: 'MDT', modelNumber: 'DDPA2D4' }, [
      cobaltAdvisory,
      accolade,
      later,
    ]);
    expect(found).toEqual([cobaltAdvisory, later]);
  });
});

describe('listAdvisoryModelKeys', () => {
  it('gives the normalised numbers and the catalog names of those numbers', () => {
    const keys = listAdvisoryModelKeys({ manufacturer: 'MDT', models: ['DVPA2D4', 'NOT-IN-CATALOG'] });
    expect(keys).toEqual(['dvpa2d4', 'notincatalog', 'cobaltxtvrmrisurescan']);
  });

  it('only names the advisory manufacturer’s models', () => {
    // 'L331' is Boston's; under Medtronic it names no catalog model.
    expect(listAdvisoryModelKeys({ manufacturer: 'MDT', models: ['L331'] })).toEqual(['l331']);
    expect(listAdvisoryModelKeys({ manufacturer: 'BSX', models: ['L331'] })).toEqual([
      'l331',
      'accolademridrel',
    ]);
  });

  it('covers every device the matcher touches by model (the database pre-filter relies on it)', () => {
    const keys = new Set(listAdvisoryModelKeys(cobaltAdvisory));
    const devices = [
      { modelNumber: 'DVPA-2D4' },
      { model: 'Cobalt XT VR MRI SureScan' },
      { model: 'Cobalt XT HF Quad CRT-D MRI SureScan' },
    ];
    for (const device of devices) {
      expect(isDeviceAffectedByAdvisory(device, cobaltAdvisory)).toBe(true);
      const texts = [device.modelNumber, device.model].filter((text): text is string => Boolean(text));
      expect(texts.some((text) => keys.has(text.toLowerCase().replace(/[^a-z0-9]/g, '')))).toBe(true);
    }
  });
});
