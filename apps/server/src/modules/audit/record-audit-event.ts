import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';
import { clinicChannel, REALTIME_EVENTS } from '../realtime/realtime-channels';
import { enqueueRealtimeEvents } from '../realtime/realtime-outbox';

export type AuditEventInput = {
  clinicNpi: string | null;
  entityType:
    | 'document'
    | 'patient'
    | 'user'
    | 'clinic'
    | 'setting'
    | 'feature-flag-default'
    | 'workflow-default';
  entityId: string;
  eventType: string;
  actorId: string | null;
  note?: string | null;
  before?: unknown;
  after?: unknown;
};

export function chainFor(clinicNpi: string | null): string {
  return clinicNpi ? `clinic:${clinicNpi}` : 'global';
}

/** A stable JSON text (sorted keys), so a hash can be recomputed from the stored row. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type HashedContent = {
  chain: string;
  clinicNpi: string | null;
  entityType: string;
  entityId: string;
  eventType: string;
  actorId: string | null;
  note: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
  prevHash: string | null;
};

export function hashAuditEvent(content: HashedContent): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * Appends an audit event inside the caller's transaction, so the change and its record commit together.
 * An advisory lock per chain serialises writers, so each event links to exactly one predecessor.
 */
export async function recordAuditEvent(
  tx: Tx,
  input: AuditEventInput,
): Promise<{ id: string; hash: string }> {
  const chain = chainFor(input.clinicNpi);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${chain}))`.execute(tx);
  const previous = await tx
    .selectFrom('auditEvents')
    .select('hash')
    .where('chain', '=', chain)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Round-trip through JSON so the hash covers exactly what jsonb will store and give back.
  const before = input.before === undefined ? null : JSON.parse(JSON.stringify(input.before));
  const after = input.after === undefined ? null : JSON.parse(JSON.stringify(input.after));
  const createdAt = new Date();
  const content: HashedContent = {
    chain,
    clinicNpi: input.clinicNpi,
    entityType: input.entityType,
    entityId: input.entityId,
    eventType: input.eventType,
    actorId: input.actorId,
    note: input.note ?? null,
    before,
    after,
    createdAt: createdAt.toISOString(),
    prevHash: previous?.hash ?? null,
  };
  const hash = hashAuditEvent(content);
  const inserted = await tx
    .insertInto('auditEvents')
    .values({
      chain,
      clinicNpi: content.clinicNpi,
      entityType: content.entityType,
      entityId: content.entityId,
      eventType: content.eventType,
      actorId: content.actorId,
      note: content.note,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      createdAt,
      prevHash: content.prevHash,
      hash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every document change has its audit event, so this is the one place that tells open inboxes of
  // the clinic to refresh; the event leaves only if the change commits, and it names ids only.
  if (input.entityType === 'document' && input.clinicNpi) {
    await enqueueRealtimeEvents(tx, [
      {
        channel: clinicChannel(input.clinicNpi),
        event: REALTIME_EVENTS.documentsChanged,
        data: { ids: [input.entityId], eventType: input.eventType },
      },
    ]);
  }
  return { id: String(inserted.id), hash };
}
