import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction';
import { bearer, signIn, type Tokens } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { recordAuditEvent } from './record-audit-event';

describe('the tamper-evident audit trail', () => {
  let portal: TestApp;
  let sysAdmin: Tokens;
  const verify = async (clinicNpi?: string) =>
    (
      await portal.app.inject({
        method: 'GET',
        url: `/api/audit/verify${clinicNpi ? `?clinicNpi=${clinicNpi}` : ''}`,
        headers: bearer(sysAdmin),
      })
    ).json();

  beforeAll(async () => {
    portal = await createTestApp();
    sysAdmin = await signIn(portal.app, 'sysadmin@example.org');
  });
  afterAll(async () => {
    await portal.close();
  });

  it('links each event to the previous one of its chain, and the chain verifies', async () => {
    for (const note of ['first', 'second', 'third']) {
      await inTransaction(portal.db, (tx) =>
        recordAuditEvent(tx, {
          clinicNpi: '1234567893',
          entityType: 'document',
          entityId: 'doc-1',
          eventType: 'signed',
          actorId: 'auth0|demo-provider',
          note,
          before: { status: 'unsigned' },
          after: { status: 'signed', at: new Date('2026-11-21T10:00:00Z') },
        }),
      );
    }
    const rows = await portal.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('chain', '=', 'clinic:1234567893')
      .orderBy('id')
      .execute();
    expect(rows[0]?.prevHash).toBeNull();
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[2]?.prevHash).toBe(rows[1]?.hash);
    expect(await verify('1234567893')).toEqual({ chain: 'clinic:1234567893', intact: true, events: 3 });
    // The demo accounts' creation is on the global chain.
    expect(await verify()).toMatchObject({ chain: 'global', intact: true });
  });

  it('refuses UPDATE and DELETE on audit events', async () => {
    await expect(sql`UPDATE audit_events SET note = 'edited'`.execute(portal.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_events`.execute(portal.db)).rejects.toThrow(/append-only/);
  });

  it('reports the first event whose content was changed behind the trigger’s back', async () => {
    const second = await portal.db
      .selectFrom('auditEvents')
      .select('id')
      .where('chain', '=', 'clinic:1234567893')
      .orderBy('id')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow();
    // Someone with database access disables the trigger and edits a note.
    await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(portal.db);
    await sql`UPDATE audit_events SET note = 'forged' WHERE id = ${second.id}`.execute(portal.db);
    await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`.execute(portal.db);
    expect(await verify('1234567893')).toEqual({
      chain: 'clinic:1234567893',
      intact: false,
      events: 2,
      firstBrokenEventId: String(second.id),
      reason: 'content',
    });
  });
});
