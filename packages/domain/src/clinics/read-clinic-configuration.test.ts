import { describe, expect, it } from 'vitest';
import type { MergedClinicConfiguration } from './merge-clinic-configuration';
import { isFeatureFlagOn, isSettingEnabled } from './read-clinic-configuration';

const configuration: MergedClinicConfiguration = {
  featureFlags: { comments: true, clinicAdminTrash: false },
  settings: {
    enableBulkSigning: { enabled: true, value: null },
    hideDosOnSign: { enabled: false, value: null },
  },
};

describe('isFeatureFlagOn', () => {
  it.each([
    ['a flag the clinic has on', 'comments', true],
    ['a flag the clinic has off', 'clinicAdminTrash', false],
    ['a flag whose default was deleted fails closed', 'bulkESigning', false],
  ] as const)('%s → %s', (_story, flag, expected) => {
    expect(isFeatureFlagOn(configuration, flag)).toBe(expected);
  });
});

describe('isSettingEnabled', () => {
  it.each([
    ['an enabled setting', 'enableBulkSigning', true],
    ['a disabled setting', 'hideDosOnSign', false],
    ['a setting whose default was deleted fails closed', 'uploadAlertsToEmr', false],
  ] as const)('%s → %s', (_story, setting, expected) => {
    expect(isSettingEnabled(configuration, setting)).toBe(expected);
  });
});
