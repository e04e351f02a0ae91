import { createHash } from 'node:crypto';

// Idempotency keys (VENDOR_PROTOCOLS.md, "What every vendor API shares"): the vendor remembers a key for 24
// hours; the same key with the same body answers the first answer again (`Idempotent-Replayed: true`), the
// same key with another body is 422 idempotency_key_reused. Only an accepted request's answer (2xx) is
// remembered: a refusal leaves the key free, so a request corrected on the portal's side (an office id
// fixed in the clinic's settings) goes through with the key of the same piece of work.

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** 1–200 printable ASCII characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

export type StoredAnswer = { status: number; body: unknown; contentType: string };

export type IdempotencyOutcome =
  | { kind: 'fresh'; answer: StoredAnswer }
  | { kind: 'replayed'; answer: StoredAnswer }
  | { kind: 'reused' };

type Entry = { fingerprint: string; storedAt: number; answer: Promise<StoredAnswer> };

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A body's fingerprint, blind to key order and whitespace: the same JSON is the same body. */
export function bodyFingerprint(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function createIdempotencyStore({ ttlMs, now }: { ttlMs: number; now: () => number }) {
  const entries = new Map<string, Entry>();

  function sweep(): void {
    const at = now();
    for (const [key, entry] of entries) if (at - entry.storedAt >= ttlMs) entries.delete(key);
  }

  /**
   * Runs `handle` once per key: a request with a key already answered (or still being answered, by a
   * concurrent retry) waits for that answer and replays it.
   */
  async function run(
    key: string,
    body: unknown,
    handle: () => Promise<StoredAnswer>,
  ): Promise<IdempotencyOutcome> {
    sweep();
    const fingerprint = bodyFingerprint(body);
    const existing = entries.get(key);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { kind: 'reused' };
      const answer = await existing.answer.catch(() => null);
      if (answer && answer.status < 300) return { kind: 'replayed', answer };
      // The first request was refused or failed meanwhile, so it left no answer: this one is answered afresh.
      if (entries.get(key) === existing) entries.delete(key);
      return run(key, body, handle);
    }
    const entry: Entry = { fingerprint, storedAt: now(), answer: handle() };
    entries.set(key, entry);
    try {
      const answer = await entry.answer;
      if (answer.status >= 300 && entries.get(key) === entry) entries.delete(key);
      return { kind: 'fresh', answer };
    } catch (error) {
      if (entries.get(key) === entry) entries.delete(key);
      throw error;
    }
  }

  return {
    run,

    size(): number {
      sweep();
      return entries.size;
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
