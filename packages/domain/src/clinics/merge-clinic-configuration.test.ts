import { describe, expect, it } from 'vitest';
import { type WorkflowDefault, workflowDefaults } from './clinic-settings';
import { type FeatureFlagDefault, featureFlagDefaults } from './feature-flags';
import { mergeClinicConfiguration } from './merge-clinic-configuration';

const flagDefaults: FeatureFlagDefault[] = [
  { name: 'comments', title: 'Comments', description: '', enabled: false },
  { name: 'bulkESigning', title: 'Bulk e-signing', description: '', enabled: true },
];
const settingDefaults: WorkflowDefault[] = [
  {
    name: 'emrPdfMaxPageLength',
    title: '',
    description: '',
    enabled: true,
    valueType: 'integer',
    value: '25',
  },
  {
    name: 'encounterCoversheetType',
    title: '',
    description: '',
    enabled: true,
    valueType: 'enum:none|longitudinal|billing',
    value: 'longitudinal',
  },
  { name: 'hideDosOnSign', title: '', description: '', enabled: false, valueType: 'string', value: null },
];

const merge = (clinic: Partial<Parameters<typeof mergeClinicConfiguration>[0]>) =>
  mergeClinicConfiguration({
    featureFlagDefaults: flagDefaults,
    workflowDefaults: settingDefaults,
    ...clinic,
  });

describe('mergeClinicConfiguration: feature flags', () => {
  it.each([
    ['a clinic with no flags of its own gets the defaults', [], { comments: false, bulkESigning: true }],
    [
      'a clinic turns comments on',
      [{ name: 'comments', enabled: true }],
      { comments: true, bulkESigning: true },
    ],
    [
      'a clinic turns bulk e-signing off',
      [{ name: 'bulkESigning', enabled: false }],
      { comments: false, bulkESigning: false },
    ],
    [
      'a flag whose default was deleted disappears',
      [{ name: 'retiredFlag', enabled: true }],
      { comments: false, bulkESigning: true },
    ],
  ])('%s', (_story, featureFlags, expected) => {
    expect(merge({ featureFlags }).featureFlags).toEqual(expected);
  });
});

describe('mergeClinicConfiguration: settings', () => {
  it.each([
    [
      'no clinic values: typed defaults',
      [],
      {
        emrPdfMaxPageLength: { enabled: true, value: 25 },
        encounterCoversheetType: { enabled: true, value: 'longitudinal' },
        hideDosOnSign: { enabled: false, value: null },
      },
    ],
    [
      'clinic values override and are typed',
      [
        { name: 'emrPdfMaxPageLength', enabled: true, value: '10' },
        { name: 'encounterCoversheetType', enabled: true, value: 'billing' },
        { name: 'hideDosOnSign', enabled: true },
      ],
      {
        emrPdfMaxPageLength: { enabled: true, value: 10 },
        encounterCoversheetType: { enabled: true, value: 'billing' },
        hideDosOnSign: { enabled: true, value: null },
      },
    ],
    [
      'a clinic that only toggles keeps the default value',
      [{ name: 'emrPdfMaxPageLength', enabled: false, value: null }],
      {
        emrPdfMaxPageLength: { enabled: false, value: 25 },
        encounterCoversheetType: { enabled: true, value: 'longitudinal' },
        hideDosOnSign: { enabled: false, value: null },
      },
    ],
    [
      'an invalid clinic value falls back to the default value',
      [
        { name: 'emrPdfMaxPageLength', enabled: true, value: 'lots' },
        { name: 'encounterCoversheetType', enabled: true, value: 'fancy' },
      ],
      {
        emrPdfMaxPageLength: { enabled: true, value: 25 },
        encounterCoversheetType: { enabled: true, value: 'longitudinal' },
        hideDosOnSign: { enabled: false, value: null },
      },
    ],
    [
      'a page length stored before ranges were enforced (-3, 0, 501) falls back to the default value',
      [{ name: 'emrPdfMaxPageLength', enabled: true, value: '-3' }],
      {
        emrPdfMaxPageLength: { enabled: true, value: 25 },
        encounterCoversheetType: { enabled: true, value: 'longitudinal' },
        hideDosOnSign: { enabled: false, value: null },
      },
    ],
  ])('%s', (_story, workflows, expected) => {
    expect(merge({ workflows }).settings).toEqual(expected);
  });

  it.each(['0', '501', '-3'])('an out-of-range page length %s reads as the default', (value) => {
    const { settings } = merge({ workflows: [{ name: 'emrPdfMaxPageLength', enabled: true, value }] });
    expect(settings.emrPdfMaxPageLength).toEqual({ enabled: true, value: 25 });
  });

  it.each(['1', '500'])('the page length range includes its ends: %s', (value) => {
    const { settings } = merge({ workflows: [{ name: 'emrPdfMaxPageLength', enabled: true, value }] });
    expect(settings.emrPdfMaxPageLength).toEqual({ enabled: true, value: Number(value) });
  });

  it('ignores a clinic setting whose default was deleted', () => {
    const { settings } = merge({ workflows: [{ name: 'legacySetting', enabled: true, value: 'x' }] });
    expect(settings).not.toHaveProperty('legacySetting');
  });

  it('accepts null lists from a clinic that was never configured', () => {
    const merged = merge({ featureFlags: null, workflows: null });
    expect(merged.featureFlags.bulkESigning).toBe(true);
    expect(merged.settings.emrPdfMaxPageLength).toEqual({ enabled: true, value: 25 });
  });
});

describe('the built-in defaults merged for a new clinic', () => {
  it('turn on bulk e-signing and carry the SPEC §9 clinic defaults', () => {
    const { featureFlags, settings } = mergeClinicConfiguration({ featureFlagDefaults, workflowDefaults });
    expect(featureFlags.bulkESigning).toBe(true);
    expect(settings).toMatchObject({
      emrPdfMaxPageLength: { value: 25 },
      encounterCoversheetType: { value: 'longitudinal' },
      pdfProviderNote: { value: 'Provider Note' },
      signatureLabel: { value: 'Reviewed by:' },
      footerText: { value: '' },
      enableBulkSigning: { enabled: true },
    });
  });
});
