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
});
