import { describe, expect, it } from 'vitest';
import { buildNotificationChannelName } from './channel-name';

describe('buildNotificationChannelName', () => {
  it.each([
    ['an auth0 user', 'auth0|abc.def', 'auth0-abc-def'],
    [
      'a SAML user',
      'samlp|riverbend-sso|jane@riverbend.example',
      'samlp-riverbend-sso-jane-riverbend-example',
    ],
    ['an id that is already safe', 'User42', 'User42'],
    ['accented letters count as non-alphanumeric', 'é_1', '--1'],
  ])('%s gets a channel name with hyphens', (_story, id, channel) => {
    expect(buildNotificationChannelName(id)).toBe(channel);
  });

  it('keeps a stored UUID channel id as it is, so distinct ids give distinct names', () => {
    const channelId = '0f8c2b6e-3d4a-4c1b-9e7f-5a6b7c8d9e0f';
    expect(buildNotificationChannelName(channelId)).toBe(channelId);
  });

  it('is not one-to-one on user ids: why the channel is named after a stored id instead', () => {
    expect(buildNotificationChannelName('samlp|UNKNOWN|jane.doe@x.example')).toBe(
      buildNotificationChannelName('samlp|UNKNOWN|jane-doe@x.example'),
    );
  });
});
