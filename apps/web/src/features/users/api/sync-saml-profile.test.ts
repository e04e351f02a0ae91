// @vitest-environment jsdom
import type { UserResource } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncSamlProfile } from './sync-saml-profile';

const profile = {
  email: 'fed.user@hospital.example',
  firstName: 'Fed',
  clinics: [{ role: 'provider', clinicNPI: '1209945553' }],
  samlConnectionName: 'hospital',
};

const FEDERATED_USER_ID = 'samlp|hospital|fed.user@hospital.example';

/** The user as the API answers (the client checks answers against the users contract in tests). */
const federatedUser: UserResource = {
  id: FEDERATED_USER_ID,
  attributes: {
    email: 'fed.user@hospital.example',
    firstName: 'Fed',
    lastName: '',
    title: '',
    suffixes: '',
    npi: null,
    phone: '',
    homePage: '',
    roles: [{ role: 'provider', clinicNPI: '1209945553' }],
    isIrhUser: false,
    isLocked: false,
    accountState: 'active',
    lastSignInAt: null,
    samlProfileId: FEDERATED_USER_ID,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

function respond(status: number, body: unknown) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('syncSamlProfile: patch, and create when the user is new', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('patches an existing user by e-mail', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => respond(200, federatedUser));
    vi.stubGlobal('fetch', fetchMock);
    const user = await syncSamlProfile(profile);
    expect(user?.id).toBe(FEDERATED_USER_ID);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      '/api/user-auth/users/updateUserByEmail/fed.user%40hospital.example',
    );
  });

  it('falls back to creating the user when the patch answers 404', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(respond(404, { statusCode: 404, error: 'Not Found', message: 'User not found' }))
      .mockResolvedValueOnce(respond(201, federatedUser));
    vi.stubGlobal('fetch', fetchMock);
    const user = await syncSamlProfile(profile);
    expect(user?.id).toBe(FEDERATED_USER_ID);
    expect(fetchMock.mock.calls.map((call) => [String(call[0]), (call[1] as RequestInit).method])).toEqual([
      ['/api/user-auth/users/updateUserByEmail/fed.user%40hospital.example', 'PATCH'],
      ['/api/user-auth/users', 'POST'],
    ]);
  });

  it('treats any other failure as non-fatal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' })),
    );
    await expect(syncSamlProfile(profile)).resolves.toBeUndefined();
  });
});
