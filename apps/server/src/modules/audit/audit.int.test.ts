import { verify as verifySignature } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { inTransaction } from '../../db/transaction';
import {
  appendForgedSignedEvent,
  bypassingTriggers,
  chainEvents,
  contentOf,
  deleteTail,
  editAndRehash,
  insertLegacyEvents,
  recordEvents,
} from '../../test-support/audit-tampering';
import { bearer, signIn } from '../../test-support/sign-in';
import { createTestApp, createTestConfig, TEST_AUDIT_KEY } from '../../test-support/test-app';
import { canonicalJson, keyedAuditHash, LINK_VERSION, legacyAuditHash } from './audit-event-hash';
import { AuditKeyError, deriveAuditKeyring } from './audit-keyring';
import { openAuditTrail } from './open-audit-trail';
import { recordAuditEvent } from './record-audit-event';

const testKeyring = deriveAuditKeyring(TEST_AUDIT_KEY);

type Report = {
  intact: boolean;
  keyId: string;
  chains: {
    chain: string;
    intact: boolean;
    events: number;
    sealedEvents: number;
    breakCount: number;
    breaks: { position: number; eventId: string; kind: string; missingEvents?: number; detail: string }[];
  }[];
  seals: { valid: number; invalid: number; problems: { file: string; line: number; reason: string }[] };
};

/** A test app with an administrator who may verify and seal. */
async function auditPortal(env: Record<string, string> = {}) {
  const portal = await createTestApp({ env });
  const sysAdmin = await signIn(portal.app, 'sysadmin@example.org');
  const verify = async (query = '') => {
    const response = await portal.app.inject({
      method: 'GET',
      url: `/api/audit/verify${query}`,
      headers: bearer(sysAdmin),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Report;
  };
  const seal = async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/audit/seal',
      headers: bearer(sysAdmin),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      sealed: { chain: string; events: number; lastEventId: string; sealedAt: string }[];
      unchanged: number;
    };
  };
  const chainReport = async (clinicNpi: string) => {
    const report = await verify(`?clinicNpi=${clinicNpi}`);
    expect(report.chains.map((chain) => chain.chain)).toEqual([`clinic:${clinicNpi}`]);
    return report.chains[0];
  };
  const sealLines = () => {
    const directory = portal.config.auditSealDir;
    if (!fs.existsSync(directory)) return [];
    return fs
      .readdirSync(directory)
      .sort()
      .flatMap((name) =>
        fs
          .readFileSync(path.join(directory, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => ({ name, seal: JSON.parse(line) as Record<string, unknown> })),
      );
  };
  return { portal, sysAdmin, verify, seal, chainReport, sealLines };
}

describe('the tamper-evident audit trail', () => {
  let audit: Awaited<ReturnType<typeof auditPortal>>;
  beforeAll(async () => {
    audit = await auditPortal();
  });
  afterAll(async () => {
    await audit.portal.close();
  });

  it('links each event to the previous one with an HMAC under the audit key, and the chain verifies', async () => {
    await recordEvents(audit.portal.db, '1000000001', 3);
    const rows = await chainEvents(audit.portal.db, 'clinic:1000000001');
    expect(rows.map((row) => row.linkVersion)).toEqual([2, 2, 2]);
    expect(rows[0]?.prevHash).toBeNull();
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[2]?.prevHash).toBe(rows[1]?.hash);
    for (const row of rows) {
      // Keyed: what someone without the key could compute is not the stored hash.
      expect(row.hash).toBe(keyedAuditHash(testKeyring, contentOf(row, row.prevHash)));
      expect(row.hash).not.toBe(legacyAuditHash(contentOf(row, row.prevHash)));
    }
    expect(await audit.chainReport('1000000001')).toEqual({
      chain: 'clinic:1000000001',
      intact: true,
      events: 3,
      sealedEvents: 0,
      lastSealedAt: null,
      unsealedTail: {
        events: 3,
        firstEventId: rows[0] ? String(rows[0].id) : null,
        since: expect.any(String),
      },
      breakCount: 0,
      breaks: [],
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on audit events', async () => {
    await expect(sql`UPDATE audit_events SET note = 'edited'`.execute(audit.portal.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_events`.execute(audit.portal.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_events`.execute(audit.portal.db)).rejects.toThrow(/append-only/);
  });

  it('hashes what PostgreSQL stores: a lone surrogate or a NUL in an event leaves the chain intact', async () => {
    // The edge refuses such text, but recordAuditEvent must be right on its own: PostgreSQL keeps U+FFFD
    // for an unpaired surrogate, and jsonb would refuse the escapes JSON.stringify makes of them.
    const event = await inTransaction(audit.portal.db, (tx) =>
      recordAuditEvent(tx, {
        clinicNpi: '1000000002',
        entityType: 'document',
        entityId: 'doc-1',
        eventType: 'soft_delete',
        actorId: 'auth0|demo-provider',
        note: 'x\ud800',
        before: { 'key\udc00': 'a\u0000b', list: ['\ud83d', '😀 paired'] },
        after: { deletedAt: new Date('2026-11-21T10:00:00Z') },
      }),
    );
    await recordEvents(audit.portal.db, '1000000002', 1);
    const stored = await audit.portal.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(stored.note).toBe('x\uFFFD');
    expect(stored.before).toEqual({ 'key\uFFFD': 'a\uFFFDb', list: ['\uFFFD', '😀 paired'] });
    expect(stored.after).toEqual({ deletedAt: '2026-11-21T10:00:00.000Z' });
    expect(await audit.chainReport('1000000002')).toMatchObject({ intact: true, events: 2, breaks: [] });
  });

  it('reports every break with its position, event id and kind, not only the first', async () => {
    const ids = await recordEvents(audit.portal.db, '1000000003', 6);
    await audit.seal();
    // An edited note (hash left alone), an event removed from the middle, and the last event removed.
    await bypassingTriggers(audit.portal.db, async (tx) => {
      await tx
        .updateTable('auditEvents')
        .set({ note: 'forged' })
        .where('id', '=', ids[1] ?? '')
        .execute();
      await tx
        .deleteFrom('auditEvents')
        .where('id', '=', ids[3] ?? '')
        .execute();
    });
    await deleteTail(audit.portal.db, 'clinic:1000000003', 1);
    const report = await audit.chainReport('1000000003');
    expect(report).toMatchObject({ intact: false, events: 4, sealedEvents: 6, breakCount: 3 });
    expect(report?.breaks.map(({ detail: _detail, ...rest }) => rest)).toEqual([
      { position: 2, eventId: ids[1], kind: 'content' },
      { position: 4, eventId: ids[4], kind: 'link' },
      { position: 5, eventId: ids[5], kind: 'missing', missingEvents: 2 },
    ]);
  });

  it('counts every break of a chain rewritten wholesale, and lists the first 100', async () => {
    const ids = await recordEvents(audit.portal.db, '1000000008', 105);
    await editAndRehash(audit.portal.db, 'clinic:1000000008', ids[0] ?? '', 'rewritten');
    const report = await audit.chainReport('1000000008');
    expect(report).toMatchObject({ intact: false, events: 105, breakCount: 105 });
    expect(report?.breaks).toHaveLength(100);
    expect(report?.breaks.map((entry) => entry.position)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });

  it('verifies every chain by default, including a chain whose events are all gone', async () => {
    await recordEvents(audit.portal.db, '1000000004', 2);
    await audit.seal();
    await deleteTail(audit.portal.db, 'clinic:1000000004', 2);
    const report = await audit.verify();
    expect(report.intact).toBe(false);
    const byChain = new Map(report.chains.map((chain) => [chain.chain, chain]));
    expect(byChain.get('global')).toMatchObject({ intact: true });
    expect(byChain.get('clinic:1000000001')).toMatchObject({ intact: true, events: 3 });
    expect(byChain.get('clinic:1000000003')).toMatchObject({ intact: false, breakCount: 3 });
    expect(byChain.get('clinic:1000000004')).toMatchObject({
      intact: false,
      events: 0,
      breaks: [{ position: 1, kind: 'missing', missingEvents: 2 }],
    });
    expect(await audit.verify('?chain=all')).toMatchObject({ intact: false, chains: report.chains });
    // The demo accounts' creation is on the global chain.
    const global = await audit.verify('?chain=global');
    expect(global.chains).toEqual([expect.objectContaining({ chain: 'global', intact: true })]);
    expect(global.chains[0]?.events).toBeGreaterThan(0);
    expect(global.intact).toBe(true);
  });

  it('refuses a scope it cannot read, naming the field', async () => {
    const both = await audit.portal.app.inject({
      method: 'GET',
      url: '/api/audit/verify?clinicNpi=1000000001&chain=global',
      headers: bearer(audit.sysAdmin),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual([{ field: 'chain', message: 'cannot be combined with clinicNpi' }]);
    const unknown = await audit.portal.app.inject({
      method: 'GET',
      url: '/api/audit/verify?chain=clinic',
      headers: bearer(audit.sysAdmin),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ field: 'chain' })]);
  });

  it('seals on demand each chain whose head moved, with a signature the public key verifies', async () => {
    const ids = await recordEvents(audit.portal.db, '1000000005', 2);
    const first = await audit.seal();
    expect(first.sealed).toEqual([
      { chain: 'clinic:1000000005', events: 2, lastEventId: ids[1], sealedAt: expect.any(String) },
    ]);
    const again = await audit.seal();
    expect(again.sealed).toEqual([]);
    expect(again.unchanged).toBeGreaterThan(0);

    const lines = audit.sealLines();
    const line = lines.find(({ seal }) => seal.chain === 'clinic:1000000005');
    expect(line?.name).toMatch(/^audit-seals-\d{4}-\d{2}\.jsonl$/);
    const { signature, ...signed } = line?.seal ?? {};
    expect(signed).toMatchObject({ type: 'portal-audit-seal', events: 2, keyId: testKeyring.keyId });
    expect(
      verifySignature(
        null,
        Buffer.from(canonicalJson(signed)),
        testKeyring.sealPublicKey,
        Buffer.from(String(signature), 'base64'),
      ),
    ).toBe(true);
    expect(await audit.chainReport('1000000005')).toMatchObject({ intact: true, sealedEvents: 2 });
  });

  it('lets only those who may verify the audit trail seal it', async () => {
    const provider = await signIn(audit.portal.app, 'provider@example.org');
    const response = await audit.portal.app.inject({
      method: 'POST',
      url: '/api/audit/seal',
      headers: bearer(provider),
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses to start with a key other than the one the database was first used with', async () => {
    const otherKey = 'another-audit-key-0123456789abcdef0123456789';
    const attempt = buildApp({
      config: createTestConfig({ AUDIT_KEY: otherKey, DATA_DIR: audit.portal.config.dataDir }),
      db: audit.portal.db,
      listen: async () => async () => {},
    });
    await expect(attempt).rejects.toThrow(AuditKeyError);
    await expect(attempt).rejects.toThrow(
      `The audit key (id ${deriveAuditKeyring(otherKey).keyId}) is not the key this database's audit trail is linked with (id ${testKeyring.keyId})`,
    );
    // The running app keeps linking with its own key.
    await recordEvents(audit.portal.db, '1000000001', 1);
    expect(await audit.chainReport('1000000001')).toMatchObject({ intact: true, events: 4 });
  });
});

describe('the seal log', () => {
  let audit: Awaited<ReturnType<typeof auditPortal>>;
  beforeAll(async () => {
    audit = await auditPortal();
  });
  afterAll(async () => {
    await audit.portal.close();
  });

  it('reports a seal that was edited, and the chain it no longer covers', async () => {
    await recordEvents(audit.portal.db, '1000000006', 3);
    await audit.seal();
    const [line] = audit.sealLines().filter(({ seal }) => seal.chain === 'clinic:1000000006');
    if (!line) throw new Error('no seal written');
    // Someone lowers the sealed count, to hide a deleted tail.
    const file = path.join(audit.portal.config.auditSealDir, line.name);
    const text = fs.readFileSync(file, 'utf8').split('\n');
    const index = text.findIndex((entry) => entry.includes('"clinic:1000000006"'));
    text[index] = JSON.stringify({ ...line.seal, events: 2 });
    fs.writeFileSync(file, text.join('\n'));
    await deleteTail(audit.portal.db, 'clinic:1000000006', 1);

    const report = await audit.verify();
    expect(report.intact).toBe(false);
    expect(report.seals).toMatchObject({
      invalid: 1,
      problems: [{ file: line.name, line: index + 1, reason: 'signature does not match' }],
    });
  });

  it('seals the chains on its own, every AUDIT_SEAL_INTERVAL_MINUTES', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const timed = await auditPortal({ AUDIT_SEAL_INTERVAL_MINUTES: '5' });
    try {
      const ids = await recordEvents(timed.portal.db, '1000000007', 2);
      vi.advanceTimersByTime(4 * 60_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(timed.sealLines()).toEqual([]);
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(() =>
        expect(
          timed.sealLines().map(({ seal }) => [seal.chain, seal.events, seal.lastEventId]),
        ).toContainEqual(['clinic:1000000007', 2, ids[1]]),
      );
    } finally {
      await timed.portal.close();
      vi.useRealTimers();
    }
  });
});

describe('sealing without a window (issue 31)', () => {
  let audit: Awaited<ReturnType<typeof auditPortal>>;
  beforeAll(async () => {
    audit = await auditPortal();
  });
  afterAll(async () => {
    await audit.portal.close();
  });
  const signatureEvent = (clinicNpi: string, eventType: string) => ({
    clinicNpi,
    entityType: 'document' as const,
    entityId: `doc-${eventType}`,
    eventType,
    actorId: 'auth0|demo-provider',
  });

  it('seals the chain as a signature, an acknowledgement or an un-signing commits, and not before', async () => {
    for (const [index, eventType] of ['signed', 'acknowledged', 'unsigned'].entries()) {
      const clinicNpi = `100000002${index}`;
      await recordEvents(audit.portal.db, clinicNpi, 2);
      const event = await inTransaction(audit.portal.db, async (tx) => {
        const recorded = await recordAuditEvent(tx, signatureEvent(clinicNpi, eventType));
        // Inside the transaction nothing is sealed yet: the seal follows the commit.
        expect(audit.sealLines().filter(({ seal }) => seal.chain === `clinic:${clinicNpi}`)).toEqual([]);
        return recorded;
      });
      expect(
        audit
          .sealLines()
          .filter(({ seal }) => seal.chain === `clinic:${clinicNpi}`)
          .map(({ seal }) => [seal.events, seal.lastEventId]),
      ).toEqual([[3, event.id]]);
      expect(await audit.chainReport(clinicNpi)).toMatchObject({
        intact: true,
        sealedEvents: 3,
        unsealedTail: { events: 0, firstEventId: null, since: null },
      });
    }
  });

  it('seals nothing for a signature whose transaction rolls back, nor for an ordinary event', async () => {
    await expect(
      inTransaction(audit.portal.db, async (tx) => {
        await recordAuditEvent(tx, signatureEvent('1000000023', 'signed'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await recordEvents(audit.portal.db, '1000000024', 1);
    const chains = audit.sealLines().map(({ seal }) => seal.chain);
    expect(chains).not.toContain('clinic:1000000023');
    expect(chains).not.toContain('clinic:1000000024');
    expect(await audit.chainReport('1000000024')).toMatchObject({ unsealedTail: { events: 1 } });
  });

  it('finds at start-up a signature committed without its seal (a crash between the two) and seals it', async () => {
    await recordEvents(audit.portal.db, '1000000025', 1);
    await audit.seal();
    // The commit happens; the process dies before the after-commit seal (no inTransaction, no hook).
    const signed = await audit.portal.db
      .transaction()
      .execute((tx) => recordAuditEvent(tx, signatureEvent('1000000025', 'signed')));
    expect(await audit.chainReport('1000000025')).toMatchObject({ unsealedTail: { events: 1 } });

    const warnings: { details: object; message: string }[] = [];
    const restarted = await openAuditTrail(audit.portal.db, audit.portal.config);
    await restarted.sealAtStartUp({ warn: (details, message) => warnings.push({ details, message }) });
    expect(warnings).toEqual([
      { details: { chain: 'clinic:1000000025', events: 1 }, message: expect.stringContaining('not sealed') },
    ]);
    expect(await audit.chainReport('1000000025')).toMatchObject({
      intact: true,
      sealedEvents: 2,
      unsealedTail: { events: 0 },
    });
    expect(audit.sealLines().at(-1)?.seal).toMatchObject({
      chain: 'clinic:1000000025',
      lastEventId: signed.id,
    });
  });

  it('seals other events every minute by default', () => {
    expect(createTestConfig().auditSealIntervalMinutes).toBe(1);
  });
});

describe('events written before keyed links', () => {
  let audit: Awaited<ReturnType<typeof auditPortal>>;
  beforeAll(async () => {
    audit = await auditPortal();
  });
  afterAll(async () => {
    await audit.portal.close();
  });

  it('keeps verifying the unkeyed prefix the first seal anchors, then the keyed events after it', async () => {
    await insertLegacyEvents(audit.portal.db, '1000000011', 3);
    await audit.seal(); // as the first start after the upgrade does, before any new event
    await recordEvents(audit.portal.db, '1000000011', 2);
    const rows = await chainEvents(audit.portal.db, 'clinic:1000000011');
    expect(rows.map((row) => row.linkVersion)).toEqual([1, 1, 1, 2, 2]);
    expect(await audit.chainReport('1000000011')).toMatchObject({ intact: true, events: 5, breaks: [] });
  });

  it('reports an unkeyed event forged after the keyed ones', async () => {
    await insertLegacyEvents(audit.portal.db, '1000000012', 2);
    await audit.seal();
    await recordEvents(audit.portal.db, '1000000012', 1);
    const forged = await appendForgedSignedEvent(audit.portal.db, '1000000012', LINK_VERSION.legacySha256);
    expect((await audit.chainReport('1000000012'))?.breaks).toEqual([
      expect.objectContaining({ position: 4, eventId: forged, kind: 'content' }),
    ]);
  });

  it('reports an unkeyed event forged past the prefix the first seal anchors', async () => {
    await insertLegacyEvents(audit.portal.db, '1000000013', 2);
    await audit.seal();
    const forged = await appendForgedSignedEvent(audit.portal.db, '1000000013', LINK_VERSION.legacySha256);
    expect((await audit.chainReport('1000000013'))?.breaks).toEqual([
      expect.objectContaining({ position: 3, eventId: forged, kind: 'content' }),
    ]);
  });

  it('reports an unkeyed prefix rewritten and rehashed after it was sealed', async () => {
    const ids = await insertLegacyEvents(audit.portal.db, '1000000014', 3);
    await audit.seal();
    await editAndRehash(audit.portal.db, 'clinic:1000000014', ids[0] ?? '', 'rewritten');
    expect((await audit.chainReport('1000000014'))?.breaks).toEqual([
      expect.objectContaining({ position: 3, eventId: ids[2], kind: 'content' }),
    ]);
  });

  it('does not trust unkeyed events that no seal anchors', async () => {
    const ids = await insertLegacyEvents(audit.portal.db, '1000000015', 2);
    const report = await audit.chainReport('1000000015');
    expect(report?.breaks.map(({ position, eventId, kind }) => ({ position, eventId, kind }))).toEqual([
      { position: 1, eventId: ids[0], kind: 'content' },
      { position: 2, eventId: ids[1], kind: 'content' },
    ]);
  });
});
