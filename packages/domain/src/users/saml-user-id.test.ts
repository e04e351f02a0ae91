import { describe, expect, it } from 'vitest';
import { getUserIdType, parseSamlUserId } from './saml-user-id';

describe('parseSamlUserId', () => {
  it.each([
    [
      'a SAML user',
      'samlp|riverbend-sso|jane@riverbend.example',
      { prefix: 'samlp', connection: 'riverbend-sso', email: 'jane@riverbend.example' },
    ],
    ['empty parts are still three parts', 'samlp||', { prefix: 'samlp', connection: '', email: '' }],
  ])('splits %s into prefix, connection and email', (_story, id, parts) => {
    expect(parseSamlUserId(id)).toEqual(parts);
  });

  it.each([
    ['an auth0 id with one separator', 'auth0|abc123'],
    ['an id with three separators', 'samlp|conn|jane@x.example|extra'],
    ['no separator at all', 'jane@x.example'],
    ['a non-string', 42],
    ['undefined', undefined],
  ])('rejects %s with the SPEC message', (_story, id) => {
    expect(() => parseSamlUserId(id)).toThrow(new Error('Input string must have exactly two "|" characters'));
  });
});

describe('getUserIdType', () => {
  it.each([
    ['auth0|abc123', 'auth0'],
    ['samlp|conn|jane@x.example', 'samlp'],
  ])('%s is a %s user', (id, type) => {
    expect(getUserIdType(id)).toBe(type);
  });

  it.each(['google-oauth2|123', 'auth0', '', 'SAMLP|conn|x'])('%j is an unknown user type', (id) => {
    expect(() => getUserIdType(id)).toThrow(new Error(`Unknown user type.  userId:${id}`));
  });
});
