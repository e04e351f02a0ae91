import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendForgedSignedEvent,
  chainEvents,
  deleteTail,
  editAndRehash,
  recordEvents,
} from '../../test-support/audit-tampering';
import { signedInPortal } from '../../test-support/signed-in-portal';

// The three things a PostgreSQL superuser could do to the audit trail unnoticed before its links were
// keyed and its heads sealed. Each attack runs with `session_replication_role = replica`, which switches
// the append-only trigger off, on a real PostgreSQL server; verify must report each one.
describe('the audit trail against a database superuser', () => {
  const portal = signedInPortal(['sysAdmin']);
  const detected: string[] = [];

  const verifyChain = async (clinicNpi: string) => {
    const response = await portal.as.sysAdmin.get(`/api/audit/verify?clinicNpi=${clinicNpi}`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      intact: boolean;
      chains: {
        intact: boolean;
        events: number;
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
    console.info(`audit attacks detected: ${detected.length} of 3 (${detected.join(', ')})`);
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
