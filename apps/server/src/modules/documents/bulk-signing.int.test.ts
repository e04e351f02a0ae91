import { beforeEach, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI, setClinicFeatureFlag } from '../../test-support/fixtures';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';

const PROVIDER_ID = 'auth0|demo-provider';

/**
 * The bulk-signing rule on the server: high alerts are never signed in bulk or by Sign all, whatever the
 * flags; other alerts only with physicianBulkSignAlerts; and only where the clinic allows bulk signing and
 * the provider's signature settings opt in (bulkSignEnabled).
 */
describe('bulk signing: the rule the dialog states is the rule the server applies', () => {
  const portal = signedInPortal(['provider', 'clinicAdmin']);

  const statusOf = async (id: string) =>
    (await portal.db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const clinicId = async () =>
    (
      await portal.db
        .selectFrom('organizations')
        .select('id')
        .where('npi', '=', OWN_CLINIC_NPI)
        .executeTakeFirstOrThrow()
    ).id;
  const setClinicFlag = (name: string, enabled: boolean) => setClinicFeatureFlag(portal.db, name, enabled);
  const setClinicSetting = async (name: string, enabled: boolean) => {
    const organizationId = await clinicId();
    await portal.db
      .insertInto('organizationWorkflows')
      .values({ organizationId, name, enabled, value: null })
      .onConflict((conflict) => conflict.columns(['organizationId', 'name']).doUpdateSet({ enabled }))
      .execute();
  };
  const setSignatureSettings = async (caller: Caller, userId: string, bulkSignEnabled: boolean) => {
    const response = await caller.patch(
      `/api/customers/clinics/${OWN_CLINIC_NPI}/signature-settings/${encodeURIComponent(userId)}`,
      { bulkSignEnabled },
    );
    expect(response.statusCode).toBe(200);
  };
  const newDocument = (options: { type?: string; alert?: string | null } = {}) =>
    insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: PROVIDER_ID,
      ...options,
    });
  const bulkSign = (ids: string[]) =>
    portal.as.provider.post('/api/reports/bulk-sign', { ids, note: 'Bulk reviewed.' });

  // Each test starts from the demo clinic: bulk signing allowed, alerts flag on, clinic-wide opt-in on,
  // the provider without settings of their own.
  beforeEach(async () => {
    await setClinicFlag('bulkESigning', true);
    await setClinicFlag('physicianBulkSignAlerts', true);
    await setClinicSetting('enableBulkSigning', true);
    await portal.db.deleteFrom('signatureSettings').where('userId', '=', PROVIDER_ID).execute();
    await setSignatureSettings(portal.as.clinicAdmin, '0', true);
  });

  it('with every flag on, bulk sign signs the report and the medium and low alerts but never the high alert', async () => {
    const report = await newDocument();
    const medium = await newDocument({ type: 'crm-alert', alert: 'medium' });
    const low = await newDocument({ type: 'rpm-alert', alert: 'low' });
    const high = await newDocument({ type: 'crm-alert', alert: 'high' });
    const response = await bulkSign([report.id, medium.id, low.id, high.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { reportId: report.id, success: true },
      { reportId: medium.id, success: true },
      { reportId: low.id, success: true },
      { reportId: high.id, success: false },
    ]);
    expect(await statusOf(high.id)).toBe('unsigned');
    // Nothing about the refused alert was written: no auto-reassign, no signed event.
    const events = await portal.db
      .selectFrom('auditEvents')
      .select('eventType')
      .where('entityId', '=', high.id)
      .execute();
    expect(events).toEqual([]);
  });

  it('a report that carries a high alert level is refused whatever its type', async () => {
    const study = await newDocument({ type: 'holter-study', alert: 'high' });
    expect((await bulkSign([study.id])).json()).toEqual([{ reportId: study.id, success: false }]);
    expect(await statusOf(study.id)).toBe('unsigned');
  });

  it('the high alert is signed on its own, through its own Sign', async () => {
    const high = await newDocument({ type: 'crm-alert', alert: 'high' });
    const response = await portal.as.provider.patch(`/api/reports/${high.id}/sign`, { note: 'Seen.' });
    expect(response.statusCode).toBe(200);
    expect(await statusOf(high.id)).toBe('signed');
  });

  it('sign by id list is bulk signing too: it never signs a high alert', async () => {
    const report = await newDocument();
    const high = await newDocument({ type: 'crm-alert', alert: 'high' });
    const response = await portal.as.provider.post('/api/reports/sign', { ids: [report.id, high.id] });
    expect(response.json()).toEqual([
      { reportId: report.id, success: true },
      { reportId: high.id, success: false },
    ]);
    expect(await statusOf(high.id)).toBe('unsigned');
  });

  it('the Sign all loop (pages of 50 unsigned by dos, then bulk-sign) leaves the high alerts unsigned', async () => {
    const unassigned = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: null,
    });
    const highs = [
      await newDocument({ type: 'crm-alert', alert: 'high' }),
      await newDocument({ type: 'rpm-alert', alert: 'high' }),
    ];
    const medium = await newDocument({ type: 'crm-alert', alert: 'medium' });
    const tried = new Set<string>();
    for (;;) {
      const page = await portal.as.provider.get(
        `/api/reports?filter[clinicNpi]=${OWN_CLINIC_NPI}&filter[status]=unsigned&sort=-dos&page[limit]=50`,
      );
      const ids = (page.json().data as { id: string }[]).map((row) => row.id).filter((id) => !tried.has(id));
      if (ids.length === 0) break;
      for (const id of ids) tried.add(id);
      const results = (await bulkSign(ids)).json() as { reportId: string; success: boolean }[];
      expect(results).toHaveLength(ids.length);
    }
    for (const high of highs) expect(await statusOf(high.id)).toBe('unsigned');
    expect(await statusOf(medium.id)).toBe('signed');
    // SPEC §4: an unassigned document is given to the signer, then signed.
    const signedUnassigned = await portal.db
      .selectFrom('documents')
      .select(['status', 'assignedTo'])
      .where('id', '=', unassigned.id)
      .executeTakeFirstOrThrow();
    expect(signedUnassigned).toEqual({ status: 'signed', assignedTo: PROVIDER_ID });
  });

  it('with physicianBulkSignAlerts off, every alert is left out and reports are signed', async () => {
    await setClinicFlag('physicianBulkSignAlerts', false);
    const report = await newDocument();
    const medium = await newDocument({ type: 'crm-alert', alert: 'medium' });
    const unlevelled = await newDocument({ type: 'rpm-alert', alert: null });
    expect((await bulkSign([report.id, medium.id, unlevelled.id])).json()).toEqual([
      { reportId: report.id, success: true },
      { reportId: medium.id, success: false },
      { reportId: unlevelled.id, success: false },
    ]);
  });

  describe("bulkSignEnabled: a provider's opt-in that counts only where the clinic allows bulk signing", () => {
    it('the clinic-wide settings apply while the provider has none of their own: off refuses every document', async () => {
      await setSignatureSettings(portal.as.clinicAdmin, '0', false);
      const report = await newDocument();
      expect((await bulkSign([report.id])).json()).toEqual([{ reportId: report.id, success: false }]);
      expect(await statusOf(report.id)).toBe('unsigned');
    });

    it("the provider's own opt-in wins over the clinic-wide 'off'", async () => {
      await setSignatureSettings(portal.as.clinicAdmin, '0', false);
      await setSignatureSettings(portal.as.provider, PROVIDER_ID, true);
      const report = await newDocument();
      expect((await bulkSign([report.id])).json()).toEqual([{ reportId: report.id, success: true }]);
    });

    it("the provider's own 'off' wins over the clinic-wide 'on'", async () => {
      await setSignatureSettings(portal.as.provider, PROVIDER_ID, false);
      const report = await newDocument();
      expect((await bulkSign([report.id])).json()).toEqual([{ reportId: report.id, success: false }]);
    });

    it('with no signature settings stored at all, the SPEC default (off) applies', async () => {
      await portal.db.deleteFrom('signatureSettings').where('clinicNpi', '=', OWN_CLINIC_NPI).execute();
      const report = await newDocument();
      expect((await bulkSign([report.id])).json()).toEqual([{ reportId: report.id, success: false }]);
    });

    it.each([
      [
        "the clinic's 'enable bulk signing' setting is off",
        () => setClinicSetting('enableBulkSigning', false),
      ],
      ['the bulk e-signing flag is off', () => setClinicFlag('bulkESigning', false)],
    ])('an opted-in provider cannot bulk-sign when %s', async (_story, closeClinic) => {
      await setSignatureSettings(portal.as.provider, PROVIDER_ID, true);
      await closeClinic();
      const report = await newDocument();
      const response = await bulkSign([report.id]);
      // The route's coarse check passes (the provider holds the permission somewhere); each document fails.
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ reportId: report.id, success: false }]);
      expect(await statusOf(report.id)).toBe('unsigned');
    });
  });
});
