import { describe, expect, it } from 'vitest';
import { clinicInputSchema, INVALID_NPI_MESSAGE } from './clinic';

describe('clinicInputSchema', () => {
  it('an administrator creates a clinic; omitted lists and activation take defaults', () => {
    expect(
      clinicInputSchema.parse({ npi: '1234567893', name: ' Lakeside Cardiology ', code: 'LKC' }),
    ).toEqual({
      npi: '1234567893',
      name: 'Lakeside Cardiology',
      code: 'LKC',
      isActive: true,
      featureFlags: [],
      workflows: [],
    });
  });

  it.each([
    ['a bad check digit', '1234567890'],
    ['too few digits', '12345'],
  ])('rejects an NPI with %s', (_story, npi) => {
    const result = clinicInputSchema.safeParse({ npi, name: 'X', code: 'X' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_NPI_MESSAGE);
  });
});
