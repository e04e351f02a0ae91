import { describe, expect, it } from 'vitest';
import { splitLines } from '../common/normalize-text';
import { DEFAULT_DEVICE_CHECK_SETTINGS, deviceCheckSettingsSchema } from './device-check-settings';
import { buildDefaultSignatureSettings, signatureSettingsSchema } from './signature-settings';

describe('default signature settings', () => {
  it.each([
    ['clinic-wide when no user is given', undefined, '0'],
    ['for one user', 'auth0|abc', 'auth0|abc'],
  ])('are %s', (_story, userId, expectedUserId) => {
    const settings = buildDefaultSignatureSettings(userId);
    expect(signatureSettingsSchema.parse(settings)).toEqual({
      userId: expectedUserId,
      crmPrompts: 'Report reviewed.',
      wcdPrompts: 'Report reviewed.',
      sleepPrompts: 'Report reviewed.',
      abpmPrompts: 'Report reviewed.',
      rpmPrompts: 'Report reviewed.',
      noIssuesNote: 'Report reviewed.',
      quickSignNote: 'Report reviewed.',
      bulkSignNote: 'Report reviewed.',
      rpmSelectByDos: false,
      bulkSignEnabled: false,
    });
  });
});

describe('default device-check settings', () => {
  it('list the two SPEC observation prompts and say they are the default', () => {
    expect(deviceCheckSettingsSchema.parse(DEFAULT_DEVICE_CHECK_SETTINGS).isDefault).toBe(true);
    expect(splitLines(DEFAULT_DEVICE_CHECK_SETTINGS.observationPrompts)).toEqual([
      'Appropriate Device Function',
      'Battery ERI',
    ]);
  });
});
