import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI } from '../test-support/fixtures';
import { bearer, signIn, type Tokens } from '../test-support/sign-in';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The fuzzer's findings: a NUL byte or an unpaired surrogate anywhere in a request reached PostgreSQL and
// came back as a 500 (NUL cannot be stored; a lone surrogate is stored as U+FFFD, which broke the audit
// chain's hash for good). Each is now a 400 that names the field, and nothing is written.
describe('text PostgreSQL cannot keep as sent is refused at the edge', () => {
  let portal: TestApp;
  let provider: Tokens;
  let admin: Tokens;
  let documentId: string;

  const auditEventCount = async () =>
    Number(
      (
        await portal.db
          .selectFrom('auditEvents')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    portal = await createTestApp();
    provider = await signIn(portal.app, 'provider@example.org');
    admin = await signIn(portal.app, 'sysadmin@example.org');
    documentId = (await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI })).id;
  });
  afterAll(async () => {
    await portal.close();
  });

  it.each([
    ['a NUL in a JSON body', 'note', 'a\u0000b'],
    ['a lone high surrogate in a JSON body', 'note', 'x\ud800'],
    ['a lone low surrogate in a JSON body', 'note', '\udc00y'],
  ])(
    'PATCH /api/reports/{id} with %s answers 400 naming the field, and writes nothing',
    async (_label, field, value) => {
      const before = await auditEventCount();
      const response = await portal.app.inject({
        method: 'PATCH',
        url: `/api/reports/${documentId}`,
        headers: bearer(provider),
        payload: { [field]: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        message: `Invalid body: ${field}`,
        details: [{ field, message: 'must not contain NUL characters or unpaired UTF-16 surrogates' }],
      });
      expect(await auditEventCount()).toBe(before);
      const document = await portal.db
        .selectFrom('documents')
        .select('note')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      expect(document.note).toBe('');
    },
  );

  it('names a nested field', async () => {
    const response = await portal.app.inject({
      method: 'PATCH',
      url: `/api/reports/${documentId}`,
      headers: bearer(provider),
      payload: { cptCodes: ['93294', 'x\u0000'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'cptCodes.1', message: 'must not contain NUL characters or unpaired UTF-16 surrogates' },
    ]);
  });

  it('refuses a NUL in a query string (GET /api/users?search=a%00b)', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/api/users?search=a%00b',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid querystring: search' });
  });

  it('refuses a NUL in a path parameter (GET /api/users/%00)', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/api/users/%00',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid params: id' });
  });

  it('refuses a NUL in a form field (realtime channel authorization)', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: { ...bearer(provider), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'socket_id=1.1&channel_name=private-a%00b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid body: channel_name' });
  });

  it('refuses unsafe text in trash notes, so the audit chain cannot be poisoned through them', async () => {
    const before = await auditEventCount();
    const response = await portal.app.inject({
      method: 'DELETE',
      url: '/api/reports',
      headers: bearer(admin),
      payload: { ids: [documentId], note: 'x\ud800' },
    });
    expect(response.statusCode).toBe(400);
    expect(await auditEventCount()).toBe(before);
    const verify = await portal.app.inject({
      method: 'GET',
      url: `/api/audit/verify?clinicNpi=${OWN_CLINIC_NPI}`,
      headers: bearer(admin),
    });
    expect(verify.json()).toMatchObject({ intact: true });
  });
});
