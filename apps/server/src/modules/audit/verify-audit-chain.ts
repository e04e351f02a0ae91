import type { Db } from '../../db/transaction';
import { type HashedContent, hashAuditEvent } from './record-audit-event';

export type ChainVerification =
  | { chain: string; intact: true; events: number }
  | { chain: string; intact: false; events: number; firstBrokenEventId: string; reason: 'content' | 'link' };

const PAGE = 1000;

/**
 * Recomputes every event's hash in a chain, in order, and checks each links to its predecessor. Reports
 * the first event whose content was changed, or whose predecessor was changed or removed.
 */
export async function verifyAuditChain(db: Db, chain: string): Promise<ChainVerification> {
  let previousHash: string | null = null;
  let lastId = '0';
  let events = 0;
  for (;;) {
    const rows = await db
      .selectFrom('auditEvents')
      .selectAll()
      .where('chain', '=', chain)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      events += 1;
      const id = String(row.id);
      if (row.prevHash !== previousHash)
        return { chain, intact: false, events, firstBrokenEventId: id, reason: 'link' };
      const content: HashedContent = {
        chain: row.chain,
        clinicNpi: row.clinicNpi,
        entityType: row.entityType,
        entityId: row.entityId,
        eventType: row.eventType,
        actorId: row.actorId,
        note: row.note,
        before: row.before ?? null,
        after: row.after ?? null,
        createdAt: row.createdAt.toISOString(),
        prevHash: row.prevHash,
      };
      if (hashAuditEvent(content) !== row.hash)
        return { chain, intact: false, events, firstBrokenEventId: id, reason: 'content' };
      previousHash = row.hash;
      lastId = id;
    }
    if (rows.length < PAGE) return { chain, intact: true, events };
  }
}
