import { describe, expect, it } from 'vitest';
import { insertUser, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

// Signature settings belong to the clinic ('0') or to a user with a role at that clinic. A clinic
// administrator used to be able to write them for anyone: a user of another clinic, or a made-up id.
describe('whose signature settings a clinic administrator may read and write', () => {
  const portal = signedInPortal(['clinicAdmin']);
  const signatureUrl = (userId: string, npi = OWN_CLINIC_NPI) =>
    `/api/customers/clinics/${npi}/signature-settings/${encodeURIComponent(userId)}`;
  const counts = async () => ({
    settings: (await portal.db.selectFrom('signatureSettings').select('userId').execute()).length,
    audit: (await portal.db.selectFrom('auditEvents').select('id').execute()).length,
  });

  it('a user with no role at the clinic, or a made-up id, answers 404 and nothing is written', async () => {
    const elsewhere = await insertUser(portal.db, { clinicNpi: OTHER_CLINIC_NPI, role: 'provider' });
    const before = await counts();
    for (const userId of [elsewhere.id, 'auth0|made-up-user', '1']) {
      const patched = await portal.as.clinicAdmin.patch(signatureUrl(userId), {
        quickSignNote: 'Signed for someone else.',
      });
      expect(patched.statusCode, userId).toBe(404);
      expect(patched.json()).toMatchObject({ statusCode: 404, message: 'User not found' });
      expect((await portal.as.clinicAdmin.get(signatureUrl(userId))).statusCode, userId).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it("the clinic's own users, users of every clinic ('*') and the clinic-wide '0' still work", async () => {
    const nurse = await insertUser(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    for (const userId of [nurse.id, 'auth0|demo-irhadmin', '0']) {
      const patched = await portal.as.clinicAdmin.patch(signatureUrl(userId), {
        quickSignNote: `For ${userId}.`,
      });
      expect(patched.statusCode, userId).toBe(200);
      const read = await portal.as.clinicAdmin.get(signatureUrl(userId));
      expect(read.statusCode, userId).toBe(200);
      expect(read.json()).toMatchObject({ userId, quickSignNote: `For ${userId}.`, isDefault: false });
    }
  });
});
