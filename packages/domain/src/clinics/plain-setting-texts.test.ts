import { describe, expect, it } from 'vitest';
import { CLINIC_SETTING_NAMES, workflowDefaults } from './clinic-settings';
import { FEATURE_FLAG_NAMES, featureFlagDefaults } from './feature-flags';

// Issue 11 §8: an administrator reads what a flag or setting does in plain words. Internal names such as
// physicianBulkSignAlerts or enableBulkSigning mean nothing to them.
const INTERNAL_NAMES = [...FEATURE_FLAG_NAMES, ...CLINIC_SETTING_NAMES, 'bulkSignEnabled'];
const defaults = [...featureFlagDefaults, ...workflowDefaults];

describe('the built-in flag and setting texts', () => {
  it.each(defaults.map((entry) => [entry.name, entry] as const))(
    '%s is titled and described without internal names',
    (_name, entry) => {
      for (const text of [entry.title, entry.description]) {
        expect(text.trim()).not.toBe('');
        for (const internal of INTERNAL_NAMES) expect(text).not.toContain(internal);
        // No camelCase identifier of any kind.
        expect(text).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
      }
    },
  );

  it('the descriptions are sentences', () => {
    for (const entry of defaults) expect(entry.description).toMatch(/^[A-Z].*\.$/);
  });

  it('no two titles are the same', () => {
    const titles = defaults.map((entry) => entry.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });
});
