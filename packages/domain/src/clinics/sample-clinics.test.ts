import { describe, expect, it } from 'vitest';
import { isValidNpi } from '../common/npi';
import { FEATURE_FLAG_NAMES } from './feature-flags';
import { sampleClinics } from './sample-clinics';

describe('sampleClinics', () => {
  it('holds about 50 clinics', () => {
    expect(sampleClinics.length).toBeGreaterThanOrEqual(45);
    expect(sampleClinics.length).toBeLessThanOrEqual(55);
  });

  it.each(sampleClinics.map((c) => [c.code, c] as const))(
    '%s has a valid NPI, a code, a name and known flags',
    (_code, clinic) => {
      expect(isValidNpi(clinic.npi)).toBe(true);
      expect(clinic.code).toMatch(/^[A-Z]{3,6}$/);
      expect(clinic.name.trim()).not.toBe('');
      for (const flag of clinic.featureFlags) expect(FEATURE_FLAG_NAMES).toContain(flag.name);
      expect(new Set(clinic.featureFlags.map((f) => f.name)).size).toBe(clinic.featureFlags.length);
    },
  );

  it.each([
    ['NPIs', (c: (typeof sampleClinics)[number]) => c.npi],
    ['codes', (c: (typeof sampleClinics)[number]) => c.code],
    ['names', (c: (typeof sampleClinics)[number]) => c.name],
  ])('no two clinics share %s', (_what, key) => {
    const values = sampleClinics.map(key);
    expect(new Set(values).size).toBe(values.length);
  });
});
