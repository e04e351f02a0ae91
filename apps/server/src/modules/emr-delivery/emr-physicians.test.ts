import { describe, expect, it } from 'vitest';
import { parseReferringAndInterpreting } from './emr-physicians';

describe("the clinic's referring and interpreting physicians", () => {
  it.each([
    [
      'Dr Ada Reader (1234567893); Dr Bo Referrer (1245319599)',
      { name: 'Dr Ada Reader', npi: '1234567893' },
      { name: 'Dr Bo Referrer', npi: '1245319599' },
    ],
    ['Dr Ada Reader', { name: 'Dr Ada Reader', npi: null }, null],
    ['; Dr Bo Referrer', null, { name: 'Dr Bo Referrer', npi: null }],
    ['', null, null],
    [null, null, null],
  ])('reads %j', (value, interpreting, referring) => {
    expect(parseReferringAndInterpreting(value)).toEqual({ interpreting, referring });
  });
});
