import type { AuditEventsTable } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { type HashedContent, keyedAuditHash, LINK_VERSION, legacyAuditHash } from './audit-event-hash';
import type { AuditKeyring } from './audit-keyring';
import { type AuditSeal, type InvalidSeal, readSealLog } from './audit-seal-log';

/**
 * - content: an event's hash does not match what it holds (or it is unkeyed where only keyed events may be);
 * - link: an event does not name its predecessor's hash (one was removed, inserted or rewritten before it);
 * - missing: events a seal says the chain had are gone.
 */
export type BreakKind = 'content' | 'link' | 'missing';

export type ChainBreak = {
  /** 1-based place in the chain (for missing events: where the first of them was). */
  position: number;
  eventId: string;
  kind: BreakKind;
  detail: string;
  /** For 'missing': how many events are gone. */
  missingEvents?: number;
};

export type ChainReport = {
  chain: string;
  intact: boolean;
  events: number;
  /** The most events a valid seal says the chain had; events past it are not yet anchored. */
  sealedEvents: number;
  lastSealedAt: string | null;
  /**
   * The events after the last one a valid seal anchors: nothing but the database vouches for them yet,
   * so deleting them would go unseen. Signatures are sealed as they commit and other events within
   * AUDIT_SEAL_INTERVAL_MINUTES, so this window is short; verify shows it.
   */
  unsealedTail: UnsealedTail;
  breakCount: number;
  /** The first breaks in chain order (at most MAX_REPORTED_BREAKS); breakCount has them all. */
  breaks: ChainBreak[];
};

export type UnsealedTail = {
  events: number;
  /** The first unsealed event, and when it was written (UTC); null when every event is sealed. */
  firstEventId: string | null;
  since: string | null;
};

export type AuditVerification = {
  intact: boolean;
  /** Every chain's unsealed tail, added up. */
  unsealedEvents: number;
  checkedAt: string;
  /** Which key the links and seals were checked with. */
  keyId: string;
  chains: ChainReport[];
  seals: { valid: number; invalid: number; problems: InvalidSeal[] };
};

/** Every chain, or one ('global', 'clinic:{npi}'). */
export type VerifyScope = 'all' | { chain: string };

export const MAX_REPORTED_BREAKS = 100;
const PAGE = 1000;

/** What an event's hash covers, read back from its stored row. */
export function hashedContentOf(
  row: {
    [K in keyof AuditEventsTable]: unknown;
  },
): HashedContent {
  return {
    chain: row.chain as string,
    clinicNpi: row.clinicNpi as string | null,
    entityType: row.entityType as string,
    entityId: row.entityId as string,
    eventType: row.eventType as string,
    actorId: row.actorId as string | null,
    note: row.note as string | null,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: (row.createdAt as Date).toISOString(),
    prevHash: row.prevHash as string | null,
  };
}

/**
 * Checks one chain against its seals: recomputes every event's hash (HMAC for keyed events; SHA-256 for
 * the unkeyed events of earlier versions, accepted only as the chain's prefix that its first seal
 * anchors), checks each event links to its predecessor, and checks the chain still holds every head a
 * seal recorded. Reports every break, not only the first.
 */
export async function verifyChain(
  db: Db,
  keyring: AuditKeyring,
  chain: string,
  seals: AuditSeal[],
): Promise<ChainReport> {
  const breaks: ChainBreak[] = [];
  const found = new Set<string>();
  // Events are checked in chain order, so past the first MAX_REPORTED_BREAKS of their breaks only the
  // count matters (a chain rewritten wholesale must not fill the memory); the few seal breaks are kept.
  let eventBreaksKept = 0;
  const report = (entry: ChainBreak, fromSeal = false) => {
    const key = `${entry.kind}:${entry.position}`;
    if (found.has(key)) return;
    found.add(key);
    if (!fromSeal) {
      if (eventBreaksKept >= MAX_REPORTED_BREAKS) return;
      eventBreaksKept += 1;
    }
    breaks.push(entry);
  };

  const bySealTime = [...seals].sort((a, b) => a.sealedAt.localeCompare(b.sealedAt) || a.events - b.events);
  // Unkeyed events are trusted only as far as the first seal anchored them: the server seals every
  // chain at start-up, before it writes any keyed event. An intact chain only grows, so the first seal is
  // the one with the fewest events, whatever the clocks of the instances that wrote them said.
  const unkeyedAllowance =
    seals.reduce<number | undefined>(
      (fewest, seal) => (fewest === undefined || seal.events < fewest ? seal.events : fewest),
      undefined,
    ) ?? 0;
  const sealedIds = new Set(seals.map((seal) => seal.lastEventId));
  const sealedPositions = new Map<string, { position: number; hash: string }>();

  let position = 0;
  let previousHash: string | null = null;
  let keyedSeen = false;
  let lastId = '0';
  let anchoredPosition = 0;
  let firstUnanchored: { id: string; createdAt: Date } | undefined;
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
      position += 1;
      const eventId = String(row.id);
      if (sealedIds.has(eventId)) {
        sealedPositions.set(eventId, { position, hash: row.hash });
        anchoredPosition = position;
        firstUnanchored = undefined;
      } else if (!firstUnanchored) {
        firstUnanchored = { id: eventId, createdAt: row.createdAt };
      }
      const content = hashedContentOf(row);
      if (row.linkVersion === LINK_VERSION.hmacSha256) {
        keyedSeen = true;
        if (keyedAuditHash(keyring, content) !== row.hash)
          report({ position, eventId, kind: 'content', detail: 'its keyed hash does not match its content' });
      } else if (row.linkVersion === LINK_VERSION.legacySha256) {
        if (keyedSeen)
          report({
            position,
            eventId,
            kind: 'content',
            detail: 'an unkeyed (SHA-256) event after keyed events',
          });
        else if (position > unkeyedAllowance)
          report({
            position,
            eventId,
            kind: 'content',
            detail:
              unkeyedAllowance === 0
                ? 'an unkeyed (SHA-256) event that no seal anchors'
                : `an unkeyed (SHA-256) event past the ${unkeyedAllowance} events the first seal anchors`,
          });
        else if (legacyAuditHash(content) !== row.hash)
          report({ position, eventId, kind: 'content', detail: 'its SHA-256 does not match its content' });
      } else {
        report({ position, eventId, kind: 'content', detail: `unknown link version ${row.linkVersion}` });
      }
      if (row.prevHash !== previousHash)
        report({
          position,
          eventId,
          kind: 'link',
          detail:
            position === 1
              ? 'the first event of the chain names a predecessor'
              : 'it does not name the hash of the event before it',
        });
      previousHash = row.hash;
      lastId = eventId;
    }
    if (rows.length < PAGE) break;
  }
  const events = position;

  const largest = seals.reduce<AuditSeal | undefined>(
    (best, seal) => (!best || seal.events > best.events ? seal : best),
    undefined,
  );
  if (largest && events < largest.events) {
    report(
      {
        position: events + 1,
        eventId: largest.lastEventId,
        kind: 'missing',
        missingEvents: largest.events - events,
        detail: `the chain has ${events} events; the seal of ${largest.sealedAt} counted ${largest.events}`,
      },
      true,
    );
  }
  for (const seal of bySealTime) {
    const head = sealedPositions.get(seal.lastEventId);
    if (!head) {
      // Past the chain's end, the missing tail above already says it.
      if (seal.events <= events)
        report(
          {
            position: seal.events,
            eventId: seal.lastEventId,
            kind: 'missing',
            missingEvents: 1,
            detail: `the event sealed at this position at ${seal.sealedAt} is gone`,
          },
          true,
        );
    } else if (head.position < seal.events) {
      report(
        {
          position: head.position,
          eventId: seal.lastEventId,
          kind: 'missing',
          missingEvents: seal.events - head.position,
          detail: `${seal.events - head.position} events before the head sealed at ${seal.sealedAt} are gone`,
        },
        true,
      );
    } else if (head.position > seal.events) {
      report(
        {
          position: head.position,
          eventId: seal.lastEventId,
          kind: 'link',
          detail: `${head.position - seal.events} events were inserted before the head sealed at ${seal.sealedAt}`,
        },
        true,
      );
    } else if (head.hash !== seal.lastHash) {
      report(
        {
          position: head.position,
          eventId: seal.lastEventId,
          kind: 'content',
          detail: `its hash differs from the chain head sealed at ${seal.sealedAt}`,
        },
        true,
      );
    }
  }

  breaks.sort((a, b) => a.position - b.position || a.kind.localeCompare(b.kind));
  const lastSeal = bySealTime.at(-1);
  return {
    chain,
    intact: found.size === 0,
    events,
    sealedEvents: largest?.events ?? 0,
    lastSealedAt: lastSeal?.sealedAt ?? null,
    unsealedTail: {
      events: events - anchoredPosition,
      firstEventId: firstUnanchored?.id ?? null,
      since: firstUnanchored?.createdAt.toISOString() ?? null,
    },
    breakCount: found.size,
    breaks: breaks.slice(0, MAX_REPORTED_BREAKS),
  };
}

/**
 * Verifies one chain or all of them (every chain with events, and every chain a seal names: a chain whose
 * events were all deleted is still checked) against the seal log.
 */
export async function verifyAuditTrail(
  db: Db,
  options: { keyring: AuditKeyring; sealDir: string; scope: VerifyScope },
): Promise<AuditVerification> {
  const { keyring, scope } = options;
  const checkedAt = new Date().toISOString();
  const log = await readSealLog(options.sealDir, keyring);
  let chains: string[];
  if (scope === 'all') {
    const stored = await db.selectFrom('auditEvents').select('chain').groupBy('chain').execute();
    chains = [...new Set([...stored.map((row) => row.chain), ...log.seals.map((seal) => seal.chain)])].sort();
  } else {
    chains = [scope.chain];
  }
  const reports: ChainReport[] = [];
  for (const chain of chains) {
    reports.push(
      await verifyChain(
        db,
        keyring,
        chain,
        log.seals.filter((seal) => seal.chain === chain),
      ),
    );
  }
  const inScope = new Set(chains);
  return {
    intact: reports.every((chain) => chain.intact) && log.invalid.length === 0,
    unsealedEvents: reports.reduce((sum, chain) => sum + chain.unsealedTail.events, 0),
    checkedAt,
    keyId: keyring.keyId,
    chains: reports,
    seals: {
      valid: log.seals.filter((seal) => inScope.has(seal.chain)).length,
      invalid: log.invalid.length,
      problems: log.invalid.slice(0, MAX_REPORTED_BREAKS),
    },
  };
}
