import { describe, expect, it } from 'vitest';
import { insertUser, OTHER_CLINIC_NPI, OWN_CLINIC_NPI, setUserRoles } from '../../test-support/fixtures';
import { refreshTokens, SignInFailedError, signIn } from '../../test-support/sign-in';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { TEST_PUBLIC_URL } from '../../test-support/test-app';

type UserBody = {
  id: string;
  attributes: {
    email: string;
    roles: { role: string; clinicNPI: string }[];
    isLocked: boolean;
    isIrhUser: boolean;
  };
};

describe('administering users', () => {
  const portal = signedInPortal(['clinicAdmin', 'sysAdmin']);

  const countUsers = async () =>
    Number(
      (
        await portal.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditFor = (entityId: string) =>
    portal.db.selectFrom('auditEvents').selectAll().where('entityId', '=', entityId).orderBy('id').execute();

  it('a clinic admin lists only the users of their clinic; a global admin lists everyone', async () => {
    const elsewhere = await insertUser(portal.db, { clinicNpi: OTHER_CLINIC_NPI });
    const mine = await portal.as.clinicAdmin.get('/api/users?rows=100');
    const ids = (mine.json().data as UserBody[]).map((user) => user.id);
    expect(ids).toContain('auth0|demo-nurse');
    expect(ids).not.toContain(elsewhere.id);
    expect(ids).not.toContain('auth0|demo-sysadmin');
    const everyone = await portal.as.sysAdmin.get(
      `/api/users?rows=100&search=${encodeURIComponent(elsewhere.email)}`,
    );
    expect((everyone.json().data as UserBody[]).map((user) => user.id)).toEqual([elsewhere.id]);
  });

  it("a clinic's user list shows each user's roles at that clinic only", async () => {
    await setUserRoles(portal.db, { id: 'auth0|demo-nurse' }, [
      { role: 'nurse', clinicNPI: OWN_CLINIC_NPI },
      { role: 'provider', clinicNPI: OTHER_CLINIC_NPI },
    ]);
    const response = await portal.as.sysAdmin.get(
      `/api/users/clinics/${OWN_CLINIC_NPI}?search=nurse@example.org`,
    );
    const nurse = (response.json().data as UserBody[])[0];
    expect(nurse?.attributes.roles).toEqual([{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }]);
    // A clinic admin editing the nurse cannot see, and so cannot drop, the role at the other clinic.
    const edited = await portal.as.clinicAdmin.patch('/api/users/auth0|demo-nurse', {
      roles: [
        { role: 'nurse', clinicNPI: OWN_CLINIC_NPI },
        { role: 'clinic-read-only', clinicNPI: OWN_CLINIC_NPI },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as UserBody).attributes.roles).toHaveLength(2);
    const stored = await portal.db
      .selectFrom('users')
      .select('roles')
      .where('id', '=', 'auth0|demo-nurse')
      .executeTakeFirstOrThrow();
    expect(stored.roles).toContainEqual({ role: 'provider', clinicNPI: OTHER_CLINIC_NPI });
    expect(stored.roles).toHaveLength(3);
  });

  it('creates a user with an audit event in the same transaction', async () => {
    const response = await portal.as.clinicAdmin.post('/api/users/create', {
      email: 'new.nurse@example.org',
      firstName: 'Nora',
      lastName: 'New',
      roles: [{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as UserBody;
    expect(created.id).toMatch(/^auth0\|[0-9a-f]{24}$/);
    const events = await auditFor(created.id);
    expect(events.map((event) => [event.eventType, event.actorId])).toEqual([
      ['created', 'auth0|demo-clinicadmin'],
    ]);
  });

  it.each([
    [
      'a duplicate e-mail',
      { email: 'NURSE@example.org', roles: [{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }] },
      409,
      'email',
    ],
    [
      'a malformed e-mail',
      { email: 'not-an-email', roles: [{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }] },
      400,
      'email',
    ],
    [
      'an NPI that fails the check digit',
      { email: 'x1@example.org', npi: '1234567890', roles: [] },
      400,
      'npi',
    ],
    [
      'an unknown role',
      { email: 'x2@example.org', roles: [{ role: 'wizard', clinicNPI: OWN_CLINIC_NPI }] },
      400,
      'roles.0.role',
    ],
    [
      'a clinic that is not an NPI',
      { email: 'x3@example.org', roles: [{ role: 'nurse', clinicNPI: 'abc' }] },
      400,
      'roles.0.clinicNPI',
    ],
    ['no role at the admin’s clinic', { email: 'x4@example.org', roles: [] }, 422, 'roles'],
  ])('refuses %s with a 4xx naming the field, writing nothing', async (_label, payload, status, field) => {
    const before = await countUsers();
    const response = await portal.as.clinicAdmin.post('/api/users/create', payload);
    expect(response.statusCode).toBe(status);
    expect((response.json().details as { field: string }[]).map((detail) => detail.field)).toContain(field);
    expect(await countUsers()).toBe(before);
  });

  it('a clinic admin may not grant provider-company or global roles', async () => {
    const response = await portal.as.clinicAdmin.post('/api/users/create', {
      email: 'sneaky@example.org',
      roles: [{ role: 'sys-admin', clinicNPI: '*' }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cannot execute "user:assign-global-roles" on "*"');
  });

  it('refuses unknown fields in a PATCH', async () => {
    const response = await portal.as.clinicAdmin.patch('/api/users/auth0|demo-nurse', {
      favouriteColour: 'blue',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('favouriteColour');
  });

  it('locking a user stops their sign-in and ends their sessions; unlocking restores it', async () => {
    const target = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    await portal.db
      .updateTable('users')
      .set({
        passwordHash: (
          await portal.db
            .selectFrom('users')
            .select('passwordHash')
            .where('id', '=', 'auth0|demo-nurse')
            .executeTakeFirstOrThrow()
        ).passwordHash,
      })
      .where('id', '=', target.id)
      .execute();
    const tokens = await signIn(portal.app, target.email);

    const locked = await portal.as.clinicAdmin.post(`/api/users/${target.id}/lock-state`, { isLocked: true });
    expect(locked.statusCode).toBe(200);
    expect((locked.json() as UserBody).attributes.isLocked).toBe(true);
    expect((await refreshTokens(portal.app, tokens.refreshToken)).statusCode).toBe(400);
    await expect(signIn(portal.app, target.email)).rejects.toBeInstanceOf(SignInFailedError);

    await portal.as.clinicAdmin.post(`/api/users/${target.id}/lock-state`, { isLocked: false });
    await expect(signIn(portal.app, target.email)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
    expect((await auditFor(target.id)).map((event) => event.eventType)).toEqual(['locked', 'unlocked']);
  });

  it("shows each account's real state and last sign-in: invited, active, temporarily locked, locked", async () => {
    type Listed = {
      id: string;
      attributes: { accountState: string; lastSignInAt: string | null; updatedAt: string };
    };
    const stateOf = async (id: string) =>
      ((await portal.as.clinicAdmin.get(`/api/users/${encodeURIComponent(id)}`)).json() as Listed).attributes;
    const created = await portal.as.clinicAdmin.post('/api/users/create', {
      email: 'invited.person@example.org',
      firstName: 'Ines',
      lastName: 'Vited',
      roles: [{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }],
    });
    const invited = created.json() as Listed;
    // Created without a password, the account cannot sign in yet: it is not 'Active'.
    expect(invited.attributes).toMatchObject({ accountState: 'invited', lastSignInAt: null });
    expect(await stateOf(invited.id)).toMatchObject({ accountState: 'invited', lastSignInAt: null });

    // A sign-in is recorded as the last sign-in, but it is not a change to the user: no audit event,
    // and updatedAt stays where it was.
    const nurseBefore = await stateOf('auth0|demo-nurse');
    const eventsBefore = (await auditFor('auth0|demo-nurse')).length;
    const startedAt = Date.now();
    await signIn(portal.app, 'nurse@example.org');
    const nurseAfter = await stateOf('auth0|demo-nurse');
    expect(nurseAfter.accountState).toBe('active');
    expect(new Date(nurseAfter.lastSignInAt ?? 0).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(nurseAfter.updatedAt).toBe(nurseBefore.updatedAt);
    expect((await auditFor('auth0|demo-nurse')).length).toBe(eventsBefore);

    // Five wrong passwords: locked for a while, said so.
    const target = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    await portal.db.updateTable('users').set({ passwordHash: 'x' }).where('id', '=', target.id).execute();
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(signIn(portal.app, target.email, 'Wrong-Password-123')).rejects.toBeInstanceOf(
        SignInFailedError,
      );
    }
    expect((await stateOf(target.id)).accountState).toBe('temporarily-locked');

    await portal.as.clinicAdmin.post(`/api/users/${target.id}/lock-state`, { isLocked: true });
    expect((await stateOf(target.id)).accountState).toBe('locked');

    // The list carries the same, and sorts by last sign-in, most recent first, never-signed-in last.
    const list = await portal.as.clinicAdmin.get('/api/users?rows=100&order=-lastSignInAt');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Listed[];
    expect(rows.find((row) => row.id === invited.id)?.attributes.accountState).toBe('invited');
    const times = rows.map((row) => row.attributes.lastSignInAt);
    const firstNever = times.indexOf(null);
    expect(firstNever).toBeGreaterThan(0);
    expect(times.slice(firstNever).every((time) => time === null)).toBe(true);
    const signedIn = times.slice(0, firstNever) as string[];
    expect(signedIn).toEqual([...signedIn].sort().reverse());
  });

  it('an admin cannot lock or delete their own account', async () => {
    const lock = await portal.as.clinicAdmin.post('/api/users/auth0|demo-clinicadmin/lock-state', {
      isLocked: true,
    });
    expect(lock.statusCode).toBe(422);
    const remove = await portal.as.clinicAdmin.delete('/api/users/auth0|demo-clinicadmin');
    expect(remove.statusCode).toBe(422);
  });

  it('a password-change ticket sets a new password once, then returns to returnUrl', async () => {
    const target = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const created = await portal.as.clinicAdmin.post(`/api/users/${target.id}/tickets/password-change`, {
      returnUrl: `${TEST_PUBLIC_URL}/welcome`,
    });
    expect(created.statusCode).toBe(201);
    const { ticket, expiresAt } = created.json() as { ticket: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const path = new URL(ticket).pathname;

    const page = await portal.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('New password');

    const mismatch = await portal.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=Brand-New-Password-1&confirmation=Other-Password-1',
    });
    expect(mismatch.statusCode).toBe(422);

    const set = await portal.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=Brand-New-Password-1&confirmation=Brand-New-Password-1',
    });
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe(`${TEST_PUBLIC_URL}/welcome`);
    await expect(signIn(portal.app, target.email, 'Brand-New-Password-1')).resolves.toMatchObject({
      accessToken: expect.any(String),
    });

    const again = await portal.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(410);
    expect((await auditFor(target.id)).map((event) => event.eventType)).toEqual([
      'password_ticket_created',
      'password_changed',
    ]);
  });

  it('a ticket may only return to the portal itself', async () => {
    const response = await portal.as.clinicAdmin.post('/api/users/auth0|demo-nurse/tickets/password-change', {
      returnUrl: 'https://evil.example/phish',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details[0].field).toBe('returnUrl');
  });

  it('the SAML profile patch answers 404 for an unknown user, and the create that follows makes a samlp| id', async () => {
    const profile = {
      email: 'fed.user@hospital.example',
      firstName: 'Fed',
      lastName: 'User',
      phoneNo: '555-0101',
      startPage: '/signature/dashboard/',
      clinics: [{ role: 'provider', clinicNPI: OWN_CLINIC_NPI }],
      samlConnectionName: 'hospital',
    };
    const patch = await portal.as.clinicAdmin.patch(
      `/api/user-auth/users/updateUserByEmail/${profile.email}`,
      profile,
    );
    expect(patch.statusCode).toBe(404);
    const create = await portal.as.clinicAdmin.post('/api/user-auth/users', profile);
    expect(create.statusCode).toBe(201);
    expect((create.json() as UserBody).id).toBe('samlp|hospital|fed.user@hospital.example');
    const again = await portal.as.clinicAdmin.patch(
      `/api/user-auth/users/updateUserByEmail/${profile.email}`,
      {
        ...profile,
        firstName: 'Federica',
      },
    );
    expect(again.statusCode).toBe(200);
  });

  it('a SAML profile without a connection name is filed under UNKNOWN', async () => {
    const response = await portal.as.sysAdmin.post('/api/user-auth/users', {
      email: 'nameless@hospital.example',
      clinics: [{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }],
    });
    expect((response.json() as UserBody).id).toBe('samlp|UNKNOWN|nameless@hospital.example');
  });

  it('the provider list holds providers with an NPI who are not locked, sorted by name', async () => {
    await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI, role: 'provider' }); // no NPI: left out
    const response = await portal.as.clinicAdmin.get(`/api/users/clinics/${OWN_CLINIC_NPI}/providers`);
    expect((response.json().data as UserBody[]).map((user) => user.attributes.email)).toEqual([
      'provider@example.org',
    ]);
  });

  it('a clinic admin deletes a user of their clinic, but not one who also works elsewhere', async () => {
    const local = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    expect((await portal.as.clinicAdmin.delete(`/api/users/${local.id}`)).statusCode).toBe(204);
    expect((await auditFor(local.id)).map((event) => event.eventType)).toEqual(['deleted']);
    const shared = await portal.as.clinicAdmin.delete('/api/users/auth0|demo-nurse');
    expect(shared.statusCode).toBe(403);
  });
});
