import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/transaction';
import { loggableError } from '../../plugins/error-handler';
import type { AuditKeyring } from './audit-keyring';
import { type AuditSeal, appendSeals, type ChainHead, readSealLog, signSeal } from './audit-seal-log';

export type SealingResult = {
  /** The seals written now, one per chain whose head moved since its last seal. */
  sealed: AuditSeal[];
  /** Chains whose head is already sealed. */
  unchanged: number;
};

/**
 * The events whose transaction seals its chain's head as it commits (issue 31): a signature, an
 * acknowledgement and their undoing are legal records, so none of them waits for the timer's seal.
 */
export const SEALED_ON_COMMIT = new Set(['signed', 'acknowledged', 'unsigned']);

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

/** The chains that have events, found by skipping through the (chain, id) index, not by reading them all. */
async function readChainNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ chain: string }>`
    WITH RECURSIVE chains AS (
      (SELECT chain FROM audit_events ORDER BY chain LIMIT 1)
      UNION ALL
      SELECT (SELECT e.chain FROM audit_events e WHERE e.chain > chains.chain ORDER BY e.chain LIMIT 1)
      FROM chains WHERE chains.chain IS NOT NULL
    )
    SELECT chain FROM chains WHERE chain IS NOT NULL`.execute(db);
  return rows.map((row) => row.chain);
}

/**
 * A chain's head now. Given the head last sealed, only the events after it are counted (writers of a
 * chain hold its advisory lock until they commit, so its ids grow in commit order): sealing costs the
 * new events, not the chain. Should someone have deleted sealed events, the count carried forward is too
 * high, and verify reports the missing events against every later seal as well.
 */
async function readChainHead(db: Db, chain: string, after?: ChainHead): Promise<ChainHead | undefined> {
  const { rows } = await sql<{ events: number; lastEventId: string | null; lastHash: string | null }>`
    SELECT tail.events, e.id AS last_event_id, e.hash AS last_hash
    FROM (SELECT count(*)::int AS events, max(id) AS last_id FROM audit_events
          WHERE chain = ${chain} AND id > ${after?.lastEventId ?? '0'}) tail
    LEFT JOIN audit_events e ON e.id = tail.last_id`.execute(db);
  const row = rows[0];
  if (!row?.lastEventId || !row.lastHash) return after;
  return {
    chain,
    events: (after?.events ?? 0) + Number(row.events),
    lastEventId: String(row.lastEventId),
    lastHash: row.lastHash,
  };
}

const sameHead = (a: ChainHead | undefined, b: ChainHead | undefined) =>
  a?.events === b?.events && a?.lastEventId === b?.lastEventId && a?.lastHash === b?.lastHash;

/**
 * Seals chain heads into the seal log. Remembers, per chain, the head last sealed (starting from what the
 * log already holds), so an unchanged chain is not sealed again, and a moved one costs only its new
 * events. One run at a time per process.
 */
export function createChainSealer(db: Db, keyring: AuditKeyring, sealDir: string) {
  let lastSealed: Map<string, ChainHead> | undefined;
  let running: Promise<unknown> | undefined;
  let log: FastifyBaseLogger | undefined;

  const loadLastSealed = async (): Promise<Map<string, ChainHead>> => {
    if (lastSealed) return lastSealed;
    const reading = await readSealLog(sealDir, keyring);
    const latest = new Map<string, AuditSeal>();
    for (const seal of reading.seals) {
      const known = latest.get(seal.chain);
      if (
        !known ||
        seal.sealedAt > known.sealedAt ||
        (seal.sealedAt === known.sealedAt && seal.events > known.events)
      )
        latest.set(seal.chain, seal);
    }
    lastSealed = new Map();
    for (const [chain, seal] of latest) {
      lastSealed.set(chain, {
        chain,
        events: seal.events,
        lastEventId: seal.lastEventId,
        lastHash: seal.lastHash,
      });
    }
    return lastSealed;
  };

  const sealHeads = async (heads: ChainHead[], known: Map<string, ChainHead>): Promise<AuditSeal[]> => {
    const sealedAt = new Date();
    const changed = heads.filter((head) => !sameHead(known.get(head.chain), head));
    const sealed = changed.map((head) => signSeal(keyring, head, sealedAt));
    if (sealed.length > 0) await appendSeals(sealDir, sealed);
    for (const head of changed) known.set(head.chain, head);
    return sealed;
  };

  const sealEvery = async (): Promise<SealingResult> => {
    const firstRun = !lastSealed;
    const known = await loadLastSealed();
    let heads: ChainHead[];
    if (firstRun) {
      // The process's first run counts every chain in full: it anchors what the log does not know.
      heads = await readChainHeads(db);
    } else {
      heads = [];
      for (const chain of await readChainNames(db)) {
        const head = await readChainHead(db, chain, known.get(chain));
        if (head) heads.push(head);
      }
    }
    const sealed = await sealHeads(heads, known);
    return { sealed, unchanged: heads.length - sealed.length };
  };

  const sealSome = async (chains: readonly string[]): Promise<SealingResult> => {
    const known = await loadLastSealed();
    const heads: ChainHead[] = [];
    for (const chain of new Set(chains)) {
      const head = await readChainHead(db, chain, known.get(chain));
      if (head) heads.push(head);
    }
    const sealed = await sealHeads(heads, known);
    return { sealed, unchanged: heads.length - sealed.length };
  };

  const oneAtATime = async <T>(work: () => Promise<T>): Promise<T> => {
    while (running) await running.catch(() => {});
    const run = work();
    running = run;
    try {
      return await run;
    } finally {
      running = undefined;
    }
  };

  return {
    /** Seals every chain whose head moved since its last seal. */
    seal: (): Promise<SealingResult> => oneAtATime(sealEvery),
    /** Seals the named chains' heads if they moved. */
    sealChains: (chains: readonly string[]): Promise<SealingResult> => oneAtATime(() => sealSome(chains)),
    /**
     * After a signature's commit: seals its chain. A failure (the seal log cannot be written) is logged,
     * not thrown, since the signature is committed; the timer's next run seals the chain.
     */
    sealAfterCommit: async (chains: readonly string[]): Promise<void> => {
      try {
        await oneAtATime(() => sealSome(chains));
      } catch (error) {
        log?.error({ err: loggableError(error as Error) }, 'audit sealing after a signature failed');
      }
    },
    /**
     * Start-up: how many signature events (SEALED_ON_COMMIT) each chain holds past its last seal. There
     * are none unless the process stopped between a signature's commit and its seal.
     */
    findUnsealedSignatures: async (): Promise<{ chain: string; events: number }[]> => {
      const known = await loadLastSealed();
      const found: { chain: string; events: number }[] = [];
      for (const chain of await readChainNames(db)) {
        const row = await db
          .selectFrom('auditEvents')
          .select((eb) => eb.fn.countAll<number>().as('events'))
          .where('chain', '=', chain)
          .where('id', '>', known.get(chain)?.lastEventId ?? '0')
          .where('eventType', 'in', [...SEALED_ON_COMMIT])
          .executeTakeFirst();
        const events = Number(row?.events ?? 0);
        if (events > 0) found.push({ chain, events });
      }
      return found;
    },
    useLog: (logger: FastifyBaseLogger) => {
      log = logger;
    },
    /** Resolves once no run is in flight (before the database closes). */
    idle: async () => {
      while (running) await running.catch(() => {});
    },
  };
}

export type ChainSealer = ReturnType<typeof createChainSealer>;

// recordAuditEvent has only its transaction; the sealer of the database it commits to is found here.
const sealersByDb = new WeakMap<Db, ChainSealer>();

/** Makes `sealer` seal `db`'s signatures as they commit; undefined stops that (the benchmark's baseline). */
export function useChainSealer(db: Db, sealer: ChainSealer | undefined): void {
  if (sealer) sealersByDb.set(db, sealer);
  else sealersByDb.delete(db);
}

export function chainSealerFor(db: Db): ChainSealer | undefined {
  return sealersByDb.get(db);
}
