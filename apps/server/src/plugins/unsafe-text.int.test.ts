import { beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI } from '../test-support/fixtures';
import { signedInPortal } from '../test-support/signed-in-portal';

// The fuzzer's findings: a NUL byte or an unpaired surrogate anywhere in a request reached PostgreSQL and
// came back as a 500 (NUL cannot be stored; a lone surrogate is stored as U+FFFD, which broke the audit
// chain's hash for good). Each is now a 400 that names the field, and nothing is written.
describe('text PostgreSQL cannot keep as sent is refused at the edge', () => {
  const portal = signedInPortal(['provider', 'sysAdmin']);
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
    documentId = (await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI })).id;
  });

  it.each([
    ['a NUL in a JSON body', 'note', 'a\u0000b'],
    ['a lone high surrogate in a JSON body', 'note', 'x\ud800'],
    ['a lone low surrogate in a JSON body', 'note', '\udc00y'],
  ])(
    'PATCH /api/reports/{id} with %s answers 400 naming the field, and writes nothing',
    async (_label, field, value) => {
      const before = await auditEventCount();
      const response = await portal.as.provider.patch(`/api/reports/${documentId}`, { [field]: value });
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
    const response = await portal.as.provider.patch(`/api/reports/${documentId}`, {
      cptCodes: ['93294', 'x\u0000'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'cptCodes.1', message: 'must not contain NUL characters or unpaired UTF-16 surrogates' },
    ]);
  });

  it('refuses a NUL in a query string (GET /api/users?search=a%00b)', async () => {
    const response = await portal.as.sysAdmin.get('/api/users?search=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid querystring: search' });
  });

  it('refuses a NUL in a path parameter (GET /api/users/%00)', async () => {
    const response = await portal.as.sysAdmin.get('/api/users/%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid params: id' });
  });

  it('refuses a NUL in a form field (realtime channel authorization)', async () => {
    const response = await portal.as.provider.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'socket_id=1.1&channel_name=private-a%00b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid body: channel_name' });
  });

  it('refuses unsafe text in trash notes, so the audit chain cannot be poisoned through them', async () => {
    const before = await auditEventCount();
    const response = await portal.as.sysAdmin.delete('/api/reports', { ids: [documentId], note: 'x\ud800' });
    expect(response.statusCode).toBe(400);
    expect(await auditEventCount()).toBe(before);
    const verify = await portal.as.sysAdmin.get(`/api/audit/verify?clinicNpi=${OWN_CLINIC_NPI}`);
    expect(verify.json()).toMatchObject({ intact: true });
  });
});
