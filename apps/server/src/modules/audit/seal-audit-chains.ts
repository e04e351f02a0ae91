import { sql } from 'kysely';
import type { Db } from '../../db/transaction';
import type { AuditKeyring } from './audit-keyring';
import { type AuditSeal, appendSeals, type ChainHead, readSealLog, signSeal } from './audit-seal-log';

export type SealingResult = {
  /** The seals written now, one per chain whose head moved since its last seal. */
  sealed: AuditSeal[];
  /** Chains whose head is already sealed. */
  unchanged: number;
};

/** Every chain's head, read in one statement so count, id and hash belong together. */
export async function readChainHeads(db: Db): Promise<ChainHead[]> {
  const { rows } = await sql<{ chain: string; events: number; lastEventId: string; lastHash: string }>`
    SELECT heads.chain, heads.events, e.id AS last_event_id, e.hash AS last_hash
    FROM (SELECT chain, count(*)::int AS events, max(id) AS last_id FROM audit_events GROUP BY chain) heads
    JOIN audit_events e ON e.id = heads.last_id
    ORDER BY heads.chain`.execute(db);
  return rows.map((row) => ({
    chain: row.chain,
    events: Number(row.events),
    lastEventId: String(row.lastEventId),
    lastHash: row.lastHash,
  }));
}

const headKey = (head: ChainHead) => `${head.events}:${head.lastEventId}:${head.lastHash}`;

/**
 * Seals chain heads into the seal log. Remembers, per chain, the head last sealed (starting from what the
 * log already holds), so an unchanged chain is not sealed again every hour.
 */
export function createChainSealer(db: Db, keyring: AuditKeyring, sealDir: string) {
  let lastSealed: Map<string, string> | undefined;
  let running: Promise<SealingResult> | undefined;

  const sealOnce = async (): Promise<SealingResult> => {
    if (!lastSealed) {
      const log = await readSealLog(sealDir, keyring);
      lastSealed = new Map();
      const latest = new Map<string, AuditSeal>();
      for (const seal of log.seals) {
        const known = latest.get(seal.chain);
        if (!known || seal.sealedAt >= known.sealedAt) latest.set(seal.chain, seal);
      }
      for (const [chain, seal] of latest) lastSealed.set(chain, headKey(seal));
    }
    const heads = await readChainHeads(db);
    const sealedAt = new Date();
    const changed = heads.filter((head) => lastSealed?.get(head.chain) !== headKey(head));
    const sealed = changed.map((head) => signSeal(keyring, head, sealedAt));
    if (sealed.length > 0) await appendSeals(sealDir, sealed);
    for (const head of changed) lastSealed.set(head.chain, headKey(head));
    return { sealed, unchanged: heads.length - changed.length };
  };

  return {
    /** One sealing run at a time per process; a call during a run waits for it and then runs again. */
    seal: async (): Promise<SealingResult> => {
      while (running) await running.catch(() => {});
      running = sealOnce();
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    /** Resolves once no run is in flight (before the database closes). */
    idle: async () => {
      while (running) await running.catch(() => {});
    },
  };
}

export type ChainSealer = ReturnType<typeof createChainSealer>;
