import { beforeEach, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';

// The attacks that broke: a provider changed the note, physician, CPT codes and plan of a signed
// document with PATCH, bulk-update-note and reassign, and it stayed 'signed'. A signature stands for the
// content it was given to (21 CFR Part 11 §11.10(e), §11.70): while signed or acknowledged, content is
// frozen, and a correction is un-sign → edit → sign.
describe('a signed record cannot be changed', () => {
  // The clinic admin may trash documents at the demo clinic (its 'clinic admin may trash' flag is on).
  const portal = signedInPortal(['provider', 'nurse', 'clinicAdmin']);
  let documentId: string;

  const documentRow = () =>
    portal.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
  const eventsOf = async (id: string) =>
    (
      await portal.db
        .selectFrom('auditEvents')
        .select(['id', 'eventType', 'after'])
        .where('entityId', '=', id)
        .orderBy('id')
        .execute()
    ).map((event) => ({ ...event, id: Number(event.id) }));
  const sign = async (caller: Caller, id = documentId) => {
    const response = await caller.patch(`/api/reports/${id}/sign`, { note: 'Report reviewed.' });
    expect(response.statusCode).toBe(200);
    return response;
  };

  beforeEach(async () => {
    documentId = (
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-provider',
      })
    ).id;
    await sign(portal.as.provider);
  });

  it.each([
    ['note', { note: 'Changed after signing' }],
    ['physicianName', { physicianName: 'Dr. Somebody Else' }],
    ['physicianNpi', { physicianNpi: '1234567893' }],
    ['cptCodes', { cptCodes: ['93299'] }],
    ['assessmentPlan', { assessmentPlan: 'A different plan' }],
    ['comment', { comment: 'A different comment' }],
    ['icd10Codes', { icd10Codes: ['I48.91'] }],
    ['isOnOac', { isOnOac: true }],
  ])('PATCH of %s answers 409 naming the state and the field, and changes nothing', async (field, change) => {
    const before = await documentRow();
    const eventsBefore = await eventsOf(documentId);
    const response = await portal.as.provider.patch(`/api/reports/${documentId}`, change);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `The document is signed: its ${field} cannot change. Un-sign it first to correct it.`,
      details: [{ field, message: 'cannot change while the document is signed' }],
    });
    expect(await documentRow()).toEqual(before);
    expect(await eventsOf(documentId)).toEqual(eventsBefore);
  });

  it('an acknowledged alert is frozen the same way', async () => {
    const alert = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      type: 'crm-alert',
      alert: 'high',
    });
    const acknowledged = await portal.as.nurse.patch(`/api/reports/${alert.id}/acknowledge`, {});
    expect(acknowledged.statusCode).toBe(200);
    const response = await portal.as.nurse.patch(`/api/reports/${alert.id}`, { note: 'later' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'The document is acknowledged: its note cannot change. Un-sign it first to correct it.',
    );
  });

  it('a PATCH that leaves the content as it is, or changes only housekeeping, is allowed', async () => {
    const { note } = await documentRow();
    const same = await portal.as.provider.patch(`/api/reports/${documentId}`, { note });
    expect(same.statusCode).toBe(200);
    const emr = await portal.as.provider.patch(`/api/reports/${documentId}`, { emrNumber: 'EMR-1' });
    expect(emr.statusCode).toBe(200);
    expect(emr.json().attributes).toMatchObject({ status: 'signed', emrNumber: 'EMR-1', note });
  });

  it('bulk-update-note answers success:false for the signed document and still updates the unsigned one', async () => {
    const unsigned = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.provider.post('/api/reports/bulk-update-note', {
      ids: [documentId, unsigned.id],
      note: 'Appended in bulk',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { reportId: documentId, success: false },
      { reportId: unsigned.id, success: true },
    ]);
    expect((await documentRow()).note).toBe('Report reviewed.');
  });

  it('reassign answers success:false for a signed document, physician fields included', async () => {
    const before = await documentRow();
    const response = await portal.as.provider.post('/api/reports/reassign', {
      ids: [documentId],
      reassignTo: 'auth0|demo-nurse',
      physicianNpi: '1234567893',
      physicianName: 'Dr. Somebody Else',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ reportId: documentId, success: false }]);
    const after = await documentRow();
    expect(after).toEqual(before);
  });

  it('pin, downloaded state, hide/unhide, lock/unlock, comments and report-a-problem still work on it', async () => {
    for (const [path, body] of [
      ['pin', { isPinned: true }],
      ['set-download-state', { isDownloaded: true }],
      ['hide', undefined],
      ['unhide', undefined],
      ['lock', undefined],
      ['unlock', undefined],
    ] as const) {
      const response = await portal.as.provider.patch(`/api/reports/${documentId}/${path}`, body);
      expect(response.statusCode, path).toBe(200);
      expect(response.json().attributes.status).toBe('signed');
    }
    const comment = await portal.as.nurse.post(`/api/reports/${documentId}/comments`, { text: 'Seen.' });
    expect(comment.statusCode).toBe(201);
    const problem = await portal.as.nurse.post(`/api/reports/${documentId}/report-problem`, {
      text: 'The PDF is missing a page',
    });
    expect(problem.statusCode).toBeLessThan(300);
    expect(await documentRow()).toMatchObject({ status: 'signed', isPinned: true, systemError: true });
  });

  it('the roles allowed to may trash it', async () => {
    const response = await portal.as.clinicAdmin.delete('/api/reports', {
      ids: [documentId],
      note: 'Duplicate upload',
    });
    expect(response.json()).toEqual([{ reportId: documentId, success: true }]);
  });

  it('a correction is un-sign → edit → sign, each step audited, and the first signed PDF is kept', async () => {
    const firstSignature = await documentRow();
    const unsign = await portal.as.provider.patch(`/api/reports/${documentId}/unsign`, {
      note: 'Wrong CPT code',
    });
    expect(unsign.statusCode).toBe(200);
    const edit = await portal.as.provider.patch(`/api/reports/${documentId}`, { cptCodes: ['93295'] });
    expect(edit.statusCode).toBe(200);
    await sign(portal.as.provider);

    const events = await eventsOf(documentId);
    expect(events.map((event) => event.eventType).slice(-4)).toEqual([
      'signed',
      'unsigned',
      'workflow_modification',
      'signed',
    ]);
    const [firstSigned] = events.filter((event) => event.eventType === 'signed');
    const firstHash = (firstSigned?.after as { signedSha256?: string } | undefined)?.signedSha256 ?? '';
    expect(firstHash).toBe(firstSignature.signedSha256);
    // The earlier signed PDF is still in storage, next to the new one.
    expect((await portal.storage.get(firstHash)).byteLength).toBeGreaterThan(0);
    expect((await documentRow()).signedSha256).not.toBe(firstHash);
  });

  it('reassign and sign racing on one document are serialised: a reassign after the signature fails', async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-provider',
      });
      const [signed, reassigned] = await Promise.all([
        portal.as.provider.patch(`/api/reports/${id}/sign`, { note: 'Report reviewed.' }),
        portal.as.provider.post('/api/reports/reassign', {
          ids: [id],
          reassignTo: 'auth0|demo-nurse',
          physicianName: 'Dr. Race',
        }),
      ]);
      expect(signed.statusCode).toBe(200);
      const events = await eventsOf(id);
      const signedAt = events.find((event) => event.eventType === 'signed')?.id ?? 0;
      const reassignedAt = events.find((event) => event.eventType === 'reassigned')?.id;
      if (reassigned.json()[0].success) {
        // It went first: the signature covers the reassigned document.
        expect(reassignedAt).toBeLessThan(signedAt);
      } else {
        expect(reassignedAt).toBeUndefined();
        const row = await portal.db
          .selectFrom('documents')
          .select(['assignedTo', 'physicianName'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ assignedTo: 'auth0|demo-provider', physicianName: null });
      }
    }
  });
});
