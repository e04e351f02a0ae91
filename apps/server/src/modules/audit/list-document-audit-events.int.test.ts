import { describe, expect, it } from 'vitest';
import { insertDocument, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { recordAuditEvent } from './record-audit-event';

// Issue 29 §1: an administrator reads a document's audit trail (a printout's identity confirmation).
describe("a document's audit events", () => {
  const portal = signedInPortal(['sysAdmin', 'provider']);

  it('are listed oldest first, as recorded, for an administrator; a provider is refused', async () => {
    const { id } = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    await portal.db.transaction().execute((tx) =>
      recordAuditEvent(tx as never, {
        clinicNpi: OWN_CLINIC_NPI,
        entityType: 'document',
        entityId: id,
        eventType: 'printout_identity_confirmed',
        actorId: 'auth0|demo-devicetech',
        note: 'Same patient, renamed.',
        before: { printout: { serial: 'PJN123456S' } },
        after: { patient: { serial: 'RNB700998S' } },
      }),
    );
    const response = await portal.as.sysAdmin.get(`/api/audit/documents/${id}/events`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const events = (response.json() as { data: { eventType: string }[] }).data;
    expect(events.at(-1)).toMatchObject({
      eventType: 'printout_identity_confirmed',
      note: 'Same patient, renamed.',
      before: { printout: { serial: 'PJN123456S' } },
      after: { patient: { serial: 'RNB700998S' } },
      createdAt: expect.any(String),
    });
    expect((await portal.as.provider.get(`/api/audit/documents/${id}/events`)).statusCode).toBe(403);
    const elsewhere = await insertDocument(portal.db, portal.storage, { clinicNpi: OTHER_CLINIC_NPI });
    expect((await portal.as.sysAdmin.get(`/api/audit/documents/${elsewhere.id}/events`)).statusCode).toBe(
      200,
    );
    expect(
      (await portal.as.sysAdmin.get(`/api/audit/documents/${crypto.randomUUID()}/events`)).statusCode,
    ).toBe(404);
  });
});
