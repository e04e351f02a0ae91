import { describe, expect, it } from 'vitest';
import { buildClinicChannelName, buildUserChannelName, readClinicChannelNpi } from './realtime.contract';

describe('a user channel', () => {
  it.each([
    ['an auth0 user', 'auth0|abc.def', 'private-auth0-abc-def'],
    [
      'a SAML user',
      'samlp|riverbend-sso|jane@riverbend.example',
      'private-samlp-riverbend-sso-jane-riverbend-example',
    ],
    ['an id that is already safe', 'User42', 'private-User42'],
    ['accented letters count as non-alphanumeric', 'é_1', 'private---1'],
  ])('%s gets a channel name with hyphens', (_story, id, channel) => {
    expect(buildUserChannelName(id)).toBe(channel);
  });

  it('keeps a stored UUID channel id as it is, so distinct ids give distinct names', () => {
    const channelId = '0f8c2b6e-3d4a-4c1b-9e7f-5a6b7c8d9e0f';
    expect(buildUserChannelName(channelId)).toBe(`private-${channelId}`);
  });

  it('is not one-to-one on user ids: why the channel is named after a stored id instead', () => {
    expect(buildUserChannelName('samlp|UNKNOWN|jane.doe@x.example')).toBe(
      buildUserChannelName('samlp|UNKNOWN|jane-doe@x.example'),
    );
  });
});

describe('a clinic channel', () => {
  it('is named after the clinic NPI, and gives it back', () => {
    expect(buildClinicChannelName('1209945553')).toBe('private-clinic-1209945553');
    expect(readClinicChannelNpi(buildClinicChannelName('1209945553'))).toBe('1209945553');
  });

  it('is not a user channel', () => {
    expect(
      readClinicChannelNpi(buildUserChannelName('0f8c2b6e-3d4a-4c1b-9e7f-5a6b7c8d9e0f')),
    ).toBeUndefined();
  });
});
