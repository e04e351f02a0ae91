import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendForgedSignedEvent,
  chainEvents,
  deleteTail,
  editAndRehash,
  recordEvents,
} from '../../test-support/audit-tampering';
import { insertDocument, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

// The three things a PostgreSQL superuser could do to the audit trail unnoticed before its links were
// keyed and its heads sealed. Each attack runs with `session_replication_role = replica`, which switches
// the append-only trigger off, on a real PostgreSQL server; verify must report each one.
describe('the audit trail against a database superuser', () => {
  const portal = signedInPortal(['sysAdmin', 'provider']);
  const detected: string[] = [];

  const verifyChain = async (clinicNpi: string) => {
    const response = await portal.as.sysAdmin.get(`/api/audit/verify?clinicNpi=${clinicNpi}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      intact: boolean;
      chains: {
        intact: boolean;
        events: number;
        unsealedTail: { events: number; firstEventId: string | null; since: string | null };
        breaks: { position: number; eventId: string; kind: string }[];
      }[];
    };
  };
  const seal = async () => {
    const response = await portal.as.sysAdmin.post('/api/audit/seal');
    expect(response.statusCode).toBe(200);
  };
  /** Ten events on the clinic's chain, sealed as the hourly timer would, and verified intact. */
  const sealedChain = async (clinicNpi: string) => {
    const ids = await recordEvents(portal.db, clinicNpi, 10);
    await seal();
    expect(await verifyChain(clinicNpi)).toMatchObject({
      intact: true,
      chains: [{ events: 10, breaks: [] }],
    });
    return ids;
  };

  beforeAll(async () => {
    expect(portal.engine).toBe('postgres');
  });
  afterAll(async () => {
    // Reported here too, so a run's log says it in one line.
    console.info(`audit attacks detected: ${detected.length} of 4 (${detected.join(', ')})`);
  });

  /** A provider signs a document through the API, as the portal's users do; returns the 'signed' event. */
  const signThroughApi = async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, { note: 'reviewed' });
    expect(response.statusCode).toBe(200);
    const events = await chainEvents(portal.db, `clinic:${OWN_CLINIC_NPI}`);
    const signed = events.at(-1);
    expect(signed).toMatchObject({ eventType: 'signed', entityId: document.id });
    return String(signed?.id);
  };

  it('detects the newest signed event deleted, though no timer sealed since (issue 31)', async () => {
    await seal();
    // Nothing seals between the signature and the attack but the signature's own commit.
    const signedId = await signThroughApi();
    const before = await verifyChain(OWN_CLINIC_NPI);
    expect(before).toMatchObject({ intact: true, chains: [{ unsealedTail: { events: 0 } }] });
    await deleteTail(portal.db, `clinic:${OWN_CLINIC_NPI}`, 1);
    const report = await verifyChain(OWN_CLINIC_NPI);
    expect(report.intact).toBe(false);
    expect(report.chains[0]?.breaks).toEqual([
      expect.objectContaining({ eventId: signedId, kind: 'missing', missingEvents: 1 }),
    ]);
    detected.push('newest signed event deleted');
  });

  it('detects a deleted tail', async () => {
    const ids = await sealedChain('2000000001');
    await deleteTail(portal.db, 'clinic:2000000001', 3);
    const report = await verifyChain('2000000001');
    expect(report.intact).toBe(false);
    expect(report.chains[0]?.breaks).toEqual([
      expect.objectContaining({ position: 8, eventId: ids[9], kind: 'missing', missingEvents: 3 }),
    ]);
    detected.push('deleted tail');
  });

  it('detects a forged signed event appended with a recomputed SHA-256', async () => {
    await sealedChain('2000000002');
    const forged = await appendForgedSignedEvent(portal.db, '2000000002');
    const report = await verifyChain('2000000002');
    expect(report.intact).toBe(false);
    expect(report.chains[0]?.breaks).toEqual([
      expect.objectContaining({ position: 11, eventId: forged, kind: 'content' }),
    ]);
    detected.push('forged event');
  });

  it('detects an edited event whose successors were rehashed', async () => {
    const ids = await sealedChain('2000000003');
    await editAndRehash(portal.db, 'clinic:2000000003', ids[4] ?? '', 'rewritten after the fact');
    // The chain agrees with itself again, as far as anyone without the key can tell.
    const rows = await chainEvents(portal.db, 'clinic:2000000003');
    for (const [index, row] of rows.entries()) {
      if (index > 0) expect(row.prevHash).toBe(rows[index - 1]?.hash);
    }
    const report = await verifyChain('2000000003');
    expect(report.intact).toBe(false);
    // Every rehashed event fails its keyed hash, and the sealed head no longer matches its seal.
    expect(report.chains[0]?.breaks.map(({ position, kind }) => `${position}:${kind}`)).toEqual([
      '5:content',
      '6:content',
      '7:content',
      '8:content',
      '9:content',
      '10:content',
    ]);
    expect(report.chains[0]?.breaks[0]?.eventId).toBe(ids[4]);
    detected.push('edited and rehashed');
  });
});

// The attack the issue describes (issue 31), on a chain of its own: the two newest events deleted, one a
// signature, both written after the last timed seal.
describe('the audit trail against a superuser deleting a signature and what followed it', () => {
  const portal = signedInPortal(['sysAdmin', 'provider']);
  const verifyChain = async (clinicNpi: string) => {
    const response = await portal.as.sysAdmin.get(`/api/audit/verify?clinicNpi=${clinicNpi}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      intact: boolean;
      chains: {
        unsealedTail: { events: number; firstEventId: string | null };
        breaks: { eventId: string; kind: string }[];
      }[];
    };
  };
  const seal = async () => {
    expect((await portal.as.sysAdmin.post('/api/audit/seal')).statusCode).toBe(200);
  };
  const signThroughApi = async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, { note: 'reviewed' });
    expect(response.statusCode).toBe(200);
    const signed = (await chainEvents(portal.db, `clinic:${OWN_CLINIC_NPI}`)).at(-1);
    expect(signed).toMatchObject({ eventType: 'signed', entityId: document.id });
    return String(signed?.id);
  };

  it('detects the two newest events deleted, a signed one and an ordinary one after it', async () => {
    await seal();
    const signedId = await signThroughApi();
    // An ordinary event after the signature, not yet sealed: verify shows it as the unsealed tail.
    const [ordinary] = await recordEvents(portal.db, OWN_CLINIC_NPI, 1);
    const before = await verifyChain(OWN_CLINIC_NPI);
    expect(before).toMatchObject({
      intact: true,
      chains: [{ unsealedTail: { events: 1, firstEventId: ordinary } }],
    });
    await deleteTail(portal.db, `clinic:${OWN_CLINIC_NPI}`, 2);
    const report = await verifyChain(OWN_CLINIC_NPI);
    expect(report.intact).toBe(false);
    expect(report.chains[0]?.breaks).toEqual([
      expect.objectContaining({ eventId: signedId, kind: 'missing', missingEvents: 1 }),
    ]);
  });
});
