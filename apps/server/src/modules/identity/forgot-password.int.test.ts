import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { SignInFailedError, signIn } from '../../test-support/sign-in';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const LINK_PATTERN = /https?:\/\/\S+\/account\/password-change\/[A-Za-z0-9_-]+/;

describe('Forgot password?: a one-time link by e-mail, the same answer whoever asks', () => {
  let portal: TestApp;
  const ask = (email: string, headers: Record<string, string> = {}) =>
    portal.app.inject({
      method: 'POST',
      url: '/account/forgot-password',
      headers: { ...FORM, ...headers },
      payload: new URLSearchParams({ email }).toString(),
    });
  const resetEmailsTo = (address: string) =>
    portal.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('kind', '=', 'password-reset')
      .where('toAddress', '=', address)
      .execute();
  const countWrites = async () => {
    const [emails, tickets, events] = await Promise.all([
      portal.db
        .selectFrom('emailOutbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      portal.db
        .selectFrom('passwordChangeTickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      portal.db
        .selectFrom('auditEvents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { emails: Number(emails.n), tickets: Number(tickets.n), events: Number(events.n) };
  };
  const setPassword = async (link: string, password: string) =>
    portal.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: FORM,
      payload: new URLSearchParams({ password, confirmation: password }).toString(),
    });

  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(async () => {
    await portal.close();
  });

  it('the sign-in page links to it, and it asks for the e-mail address', async () => {
    const authorize = await portal.app.inject({
      url: '/idp/auth?client_id=portal-web&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Fportal.test%2Fauth%2Fcallback&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256',
    });
    const login = await portal.app.inject({
      url: new URL(authorize.headers.location as string, TEST_PUBLIC_URL).pathname,
      cookies: Object.fromEntries(authorize.cookies.map((cookie) => [cookie.name, cookie.value])),
    });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<a href="/account/forgot-password">Forgot password?</a>');
    const page = await portal.app.inject({ url: '/account/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<form method="post" action="/account/forgot-password"');
  });

  it('an existing account gets one e-mail with a link that sets a new password, once; the old one stops', async () => {
    const before = await countWrites();
    const answer = await ask('Provider@Example.org');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Check your e-mail');
    const emails = await resetEmailsTo('provider@example.org');
    expect(emails).toHaveLength(1);
    const link = emails[0]?.body.match(LINK_PATTERN)?.[0];
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/account/password-change/`));
    // The ticket and its audit event were written with the e-mail.
    expect(await countWrites()).toEqual({
      emails: before.emails + 1,
      tickets: before.tickets + 1,
      events: before.events + 1,
    });
    const ticket = await portal.db
      .selectFrom('passwordChangeTickets')
      .selectAll()
      .where('userId', '=', 'auth0|demo-provider')
      .executeTakeFirstOrThrow();
    // An hour, not the day an administrator's link lasts.
    expect(ticket.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(ticket.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    const set = await setPassword(link as string, 'Forgotten-And-Found-1');
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe(`${TEST_PUBLIC_URL}/`);
    await expect(signIn(portal.app, 'provider@example.org', 'Forgotten-And-Found-1')).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
    await expect(signIn(portal.app, 'provider@example.org')).rejects.toBeInstanceOf(SignInFailedError);
    expect((await setPassword(link as string, 'Another-Password-123')).statusCode).toBe(410);
  });

  it('an unknown address gets the very same page, and nothing is written or sent', async () => {
    const known = await ask('nurse@example.org');
    const before = await countWrites();
    const unknown = await ask('nobody-here@example.org');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await countWrites()).toEqual(before);
  });

  it('a locked account and one that signs in through its organisation get the same page and no e-mail', async () => {
    const locked = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    await portal.db.updateTable('users').set({ isLocked: true }).where('id', '=', locked.id).execute();
    await portal.db
      .insertInto('users')
      .values({
        id: 'samlp|acme|sso.person@example.org',
        email: 'sso.person@example.org',
        roles: JSON.stringify([{ role: 'nurse', clinicNPI: OWN_CLINIC_NPI }]),
      })
      .execute();
    const reference = await ask('someone-else@example.org');
    const before = await countWrites();
    for (const email of [locked.email, 'sso.person@example.org']) {
      const answer = await ask(email);
      expect(answer.statusCode, email).toBe(200);
      expect(answer.body, email).toBe(reference.body);
    }
    expect(await countWrites()).toEqual(before);
  });

  it('an invited account (no password yet) sets its first password this way', async () => {
    const invited = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    await ask(invited.email);
    const link = (await resetEmailsTo(invited.email))[0]?.body.match(LINK_PATTERN)?.[0];
    expect(link).toBeDefined();
    expect((await setPassword(link as string, 'My-First-Password-1')).statusCode).toBe(303);
    await expect(signIn(portal.app, invited.email, 'My-First-Password-1')).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it("one account gets at most three links a quarter hour, so nobody can flood someone's inbox; the page stays the same", async () => {
    const target = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await ask(target.email));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await resetEmailsTo(target.email)).toHaveLength(3);
    // Another account is not held back by it.
    const other = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    await ask(other.email);
    expect(await resetEmailsTo(other.email)).toHaveLength(1);
  });

  it('an address that is not an e-mail address is asked again (422), writing nothing', async () => {
    const before = await countWrites();
    const answer = await ask('not an address');
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toContain('Enter the e-mail address you sign in with.');
    expect(await countWrites()).toEqual(before);
  });

  it('bad input never answers 5xx and writes nothing', async () => {
    const before = await countWrites();
    const attempts: { headers: Record<string, string>; payload?: string | Buffer }[] = [
      { headers: FORM, payload: 'email=a%00b%40example.org' },
      { headers: FORM, payload: 'email=%ED%A0%80%40example.org' },
      { headers: FORM, payload: `email=${'a'.repeat(400)}%40example.org` },
      { headers: FORM, payload: 'email=provider%40example.org&email=nurse%40example.org' },
      { headers: FORM, payload: 'email[]=provider%40example.org' },
      { headers: FORM, payload: '%%%' },
      { headers: FORM, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '{"email":["provider@example.org"]}' },
      { headers: { 'content-type': 'application/json' }, payload: '{"email":' },
      { headers: { 'content-type': 'application/json' }, payload: '{"email":"a\\u0000@example.org"}' },
      { headers: { 'content-type': 'text/plain' }, payload: 'email=provider@example.org' },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' },
      { headers: FORM, payload: Buffer.from([0xff, 0xfe, 0x00]) },
    ];
    for (const attempt of attempts) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/account/forgot-password',
        headers: attempt.headers,
        ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
      });
      expect(response.statusCode, String(attempt.payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, String(attempt.payload)).toBeLessThan(500);
    }
    for (const url of ['/account/forgot-password?x=%00', '/account/forgot-password/%ED%A0%80']) {
      expect((await portal.app.inject({ url })).statusCode, url).toBeLessThan(500);
    }
    expect(await countWrites()).toEqual(before);
  });
});

describe('Forgot password? is rate-limited per address and per account', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp({
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '4', LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '2' },
    });
  });
  afterAll(async () => {
    await portal.close();
  });
  const ask = (email: string, address: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/account/forgot-password',
      headers: FORM,
      payload: new URLSearchParams({ email }).toString(),
      remoteAddress: address,
    });

  it('per account: the third request for one address in a minute answers 429, known account or not', async () => {
    for (const email of ['nurse@example.org', 'no-such-person@example.org']) {
      const statuses = [];
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
        statuses.push((await ask(email, address)).statusCode);
      expect(statuses, email).toEqual([200, 200, 429]);
    }
    const emails = await portal.db
      .selectFrom('emailOutbox')
      .select('toAddress')
      .where('kind', '=', 'password-reset')
      .execute();
    expect(emails).toEqual([{ toAddress: 'nurse@example.org' }, { toAddress: 'nurse@example.org' }]);
  });

  it('per client address: past the limit, 429 with Retry-After whatever the e-mail', async () => {
    const statuses = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await ask(`person-${attempt}@example.org`, '198.51.100.9');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
