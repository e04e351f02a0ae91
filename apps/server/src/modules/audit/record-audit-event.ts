import { sql } from 'kysely';
import { runAfterCommit, type Tx } from '../../db/transaction';
import {
  type HashedContent,
  keyedAuditHash,
  LINK_VERSION,
  storableJson,
  storableText,
} from './audit-event-hash';
import { currentAuditKeyring } from './audit-keyring';
import { chainSealerFor, SEALED_ON_COMMIT } from './seal-audit-chains';

export type AuditEventInput = {
  clinicNpi: string | null;
  entityType:
    | 'document'
    | 'patient'
    | 'user'
    | 'clinic'
    | 'setting'
    | 'feature-flag-default'
    | 'workflow-default'
    | 'study';
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

/**
 * Appends an audit event inside the caller's transaction, so the change and its record commit together.
 * An advisory lock per chain serialises writers, so each event links to exactly one predecessor; the link
 * is an HMAC under the process's audit key (set at start-up), which the database does not hold.
 * It records only: the operation that makes the change publishes its realtime event itself. A signature,
 * acknowledgement or un-signing (SEALED_ON_COMMIT) also has its chain sealed once the transaction commits.
 */
export async function recordAuditEvent(
  tx: Tx,
  input: AuditEventInput,
): Promise<{ id: string; hash: string }> {
  const keyring = currentAuditKeyring();
  const chain = storableText(chainFor(input.clinicNpi));
  await sql`SELECT pg_advisory_xact_lock(hashtext(${chain}))`.execute(tx);
  const previous = await tx
    .selectFrom('auditEvents')
    .select('hash')
    .where('chain', '=', chain)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // The hash covers exactly what PostgreSQL stores and gives back: JSON's conversions, and text with
  // unpaired surrogates or NUL made storable (U+FFFD), as PostgreSQL would.
  const before = storableJson(input.before);
  const after = storableJson(input.after);
  const nullableText = (text: string | null | undefined) => (text == null ? null : storableText(text));
  const createdAt = new Date();
  const content: HashedContent = {
    chain,
    clinicNpi: nullableText(input.clinicNpi),
    entityType: storableText(input.entityType),
    entityId: storableText(input.entityId),
    eventType: storableText(input.eventType),
    actorId: nullableText(input.actorId),
    note: nullableText(input.note),
    before,
    after,
    createdAt: createdAt.toISOString(),
    prevHash: previous?.hash ?? null,
  };
  const hash = keyedAuditHash(keyring, content);
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
      linkVersion: LINK_VERSION.hmacSha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (SEALED_ON_COMMIT.has(input.eventType)) sealOnCommit(tx, chain);
  return { id: String(inserted.id), hash };
}

const chainsToSeal = new WeakMap<Tx, Set<string>>();

/**
 * A signature's chain head is sealed as its transaction commits (issue 31), so no window is left in which
 * a superuser could delete it unseen. Should the process stop between commit and seal, start-up finds
 * the unsealed signature and seals it (server.ts).
 */
function sealOnCommit(tx: Tx, chain: string) {
  const chains = chainsToSeal.get(tx);
  if (chains) {
    chains.add(chain);
    return;
  }
  const fresh = new Set([chain]);
  chainsToSeal.set(tx, fresh);
  runAfterCommit(tx, async (db) => {
    await chainSealerFor(db)?.sealAfterCommit([...fresh]);
  });
}
