import { describe, expect, it } from 'vitest';
import { CLINIC_SETTING_NAMES, workflowDefaultSchema, workflowDefaults } from './clinic-settings';
import { FEATURE_FLAG_NAMES, featureFlagDefaultSchema, featureFlagDefaults } from './feature-flags';
import { parseSettingValue } from './parse-setting-value';

describe('built-in setting defaults', () => {
  it('cover every clinic settings key of SPEC §3 exactly once, in order', () => {
    expect(workflowDefaults.map((d) => d.name)).toEqual([...CLINIC_SETTING_NAMES]);
  });

  it.each(workflowDefaults.map((d) => [d.name, d] as const))(
    '%s is a valid default whose value parses',
    (_name, d) => {
      expect(workflowDefaultSchema.parse(d)).toEqual(d);
      expect(parseSettingValue(d.valueType, d.value).ok).toBe(true);
      expect(d.title).not.toBe('');
      expect(d.description).not.toBe('');
    },
  );
});

describe('built-in flag defaults', () => {
  it('cover every flag of SPEC §6 exactly once, in order', () => {
    expect(featureFlagDefaults.map((d) => d.name)).toEqual([...FEATURE_FLAG_NAMES]);
  });

  it('turn on only bulk e-signing', () => {
    expect(featureFlagDefaults.filter((d) => d.enabled).map((d) => d.name)).toEqual(['bulkESigning']);
  });

  it.each(featureFlagDefaults.map((d) => [d.name, d] as const))(
    '%s is a valid, described default',
    (_name, d) => {
      expect(featureFlagDefaultSchema.parse(d)).toEqual(d);
      expect(d.title).not.toBe('');
      expect(d.description).not.toBe('');
    },
  );
});
