import { sql } from 'kysely';
import type { AuditEventsTable } from '../db/schema';
import { type Db, inTransaction, type Tx } from '../db/transaction';
import { type HashedContent, LINK_VERSION, legacyAuditHash } from '../modules/audit/audit-event-hash';
import { recordAuditEvent } from '../modules/audit/record-audit-event';
import { hashedContentOf } from '../modules/audit/verify-audit-chain';

// What someone with database superuser rights (but not the audit key) can do to the audit trail, for the
// tests that prove verify reports it.

type StoredEvent = { [K in keyof AuditEventsTable]: unknown } & { id: unknown; hash: string };

/**
 * Runs `work` as a superuser can: `session_replication_role = replica` switches off every ordinary
 * trigger for the transaction, the append-only one included.
 */
export function bypassingTriggers<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(tx);
    return work(tx);
  });
}

export async function chainEvents(db: Db, chain: string) {
  return db.selectFrom('auditEvents').selectAll().where('chain', '=', chain).orderBy('id').execute();
}

/** What the event's hash covers, with another predecessor's hash: for rehashing a rewritten chain. */
export function contentOf(row: StoredEvent, prevHash: string | null): HashedContent {
  return { ...hashedContentOf(row), prevHash };
}

/** Records `count` ordinary events on a clinic's chain; returns their ids in order. */
export async function recordEvents(db: Db, clinicNpi: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const event = await inTransaction(db, (tx) =>
      recordAuditEvent(tx, {
        clinicNpi,
        entityType: 'document',
        entityId: `doc-${index}`,
        eventType: 'update_pin',
        actorId: 'auth0|demo-provider',
        note: `event ${index + 1}`,
        before: { isPinned: false },
        after: { isPinned: true },
      }),
    );
    ids.push(event.id);
  }
  return ids;
}

/** Attack: deletes the last `count` events of a chain. */
export async function deleteTail(db: Db, chain: string, count: number): Promise<void> {
  const rows = await chainEvents(db, chain);
  const doomed = rows.slice(-count).map((row) => String(row.id));
  await bypassingTriggers(db, (tx) => tx.deleteFrom('auditEvents').where('id', 'in', doomed).execute());
}

/**
 * Attack: appends a 'signed' event that links to the chain's head, its hash the plain SHA-256 anyone can
 * recompute, labelled with the link version of the events around it.
 */
export async function appendForgedSignedEvent(
  db: Db,
  clinicNpi: string,
  linkVersion: number = LINK_VERSION.hmacSha256,
): Promise<string> {
  const chain = `clinic:${clinicNpi}`;
  const head = (await chainEvents(db, chain)).at(-1);
  const createdAt = new Date();
  const content: HashedContent = {
    chain,
    clinicNpi,
    entityType: 'document',
    entityId: 'doc-forged',
    eventType: 'signed',
    actorId: 'auth0|demo-provider',
    note: null,
    before: { status: 'unsigned' },
    after: { status: 'signed' },
    createdAt: createdAt.toISOString(),
    prevHash: head?.hash ?? null,
  };
  const inserted = await bypassingTriggers(db, (tx) =>
    tx
      .insertInto('auditEvents')
      .values({
        ...content,
        before: JSON.stringify(content.before),
        after: JSON.stringify(content.after),
        createdAt,
        hash: legacyAuditHash(content),
        linkVersion,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return String(inserted.id);
}

/**
 * Attack: edits one event's note, then recomputes the SHA-256 of it and of every event after it, each
 * linked to the recomputed hash before it, so the chain agrees with itself again.
 */
export async function editAndRehash(db: Db, chain: string, eventId: string, note: string): Promise<void> {
  const rows = await chainEvents(db, chain);
  const start = rows.findIndex((row) => String(row.id) === eventId);
  let prevHash = start > 0 ? (rows[start - 1]?.hash ?? null) : null;
  await bypassingTriggers(db, async (tx) => {
    for (const row of rows.slice(start)) {
      const edited = String(row.id) === eventId ? { ...row, note } : row;
      const hash = legacyAuditHash(contentOf(edited, prevHash));
      await tx
        .updateTable('auditEvents')
        .set({ note: edited.note, prevHash, hash })
        .where('id', '=', String(row.id))
        .execute();
      prevHash = hash;
    }
  });
}

/** Writes events as the portal did before keyed links (plain SHA-256, link version 1). */
export async function insertLegacyEvents(db: Db, clinicNpi: string, count: number): Promise<string[]> {
  const chain = `clinic:${clinicNpi}`;
  const ids: string[] = [];
  let prevHash = (await chainEvents(db, chain)).at(-1)?.hash ?? null;
  for (let index = 0; index < count; index++) {
    const createdAt = new Date();
    const content: HashedContent = {
      chain,
      clinicNpi,
      entityType: 'document',
      entityId: `legacy-${index}`,
      eventType: 'signed',
      actorId: 'auth0|demo-provider',
      note: `legacy ${index + 1}`,
      before: { status: 'unsigned' },
      after: { status: 'signed' },
      createdAt: createdAt.toISOString(),
      prevHash,
    };
    const hash = legacyAuditHash(content);
    const inserted = await db
      .insertInto('auditEvents')
      .values({
        ...content,
        before: JSON.stringify(content.before),
        after: JSON.stringify(content.after),
        createdAt,
        hash,
        linkVersion: LINK_VERSION.legacySha256,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(String(inserted.id));
    prevHash = hash;
  }
  return ids;
}
