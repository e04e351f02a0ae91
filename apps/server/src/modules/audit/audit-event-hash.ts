import { createHash, createHmac } from 'node:crypto';
import { isSafeText } from '@portal/domain';
import type { AuditKeyring } from './audit-keyring';

// What an audit event's hash covers, and how. The hash must be recomputable from the stored row, so it is
// taken over exactly what PostgreSQL keeps: every string is first made storable (PostgreSQL turns an
// unpaired UTF-16 surrogate into U+FFFD and cannot keep NUL at all), then the canonical JSON text of the
// content is hashed as UTF-8 bytes.

/** How an event is linked to its predecessor (the audit_events.link_version column). */
export const LINK_VERSION = {
  /** Before issue 10: plain SHA-256, which anyone with database access can recompute. */
  legacySha256: 1,
  /** HMAC-SHA-256 under the link key, which is not in the database. */
  hmacSha256: 2,
} as const;

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

type WellFormable = { toWellFormed(): string };

/** The text PostgreSQL stores for `text`: unpaired surrogates and NUL become U+FFFD. */
export function storableText(text: string): string {
  if (isSafeText(text)) return text;
  return (text as unknown as WellFormable).toWellFormed().replaceAll('\u0000', '\uFFFD');
}

function storableStrings(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [storableText(key), storableStrings(entry)]),
    );
  }
  return value;
}

/**
 * The value jsonb will store and give back: JSON's own conversions (dates to ISO text, undefined dropped)
 * and storable strings, keys included. Undefined and null are stored as SQL NULL.
 */
export function storableJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return storableStrings(JSON.parse(JSON.stringify(value)));
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

/** The bytes a hash covers: the canonical JSON of the storable content, as UTF-8. */
export function canonicalBytes(content: HashedContent): Buffer {
  return Buffer.from(canonicalJson(storableStrings(content)), 'utf8');
}

/** A legacy event's hash (link version 1); verify still recomputes it for events written before keys. */
export function legacyAuditHash(content: HashedContent): string {
  return createHash('sha256').update(canonicalBytes(content)).digest('hex');
}

// The version is part of what the HMAC covers, so an event cannot be passed off under another version.
const KEYED_PREFIX = Buffer.from(`portal-audit-event/${LINK_VERSION.hmacSha256}\n`, 'utf8');

/** A keyed event's hash (link version 2): HMAC-SHA-256 under the link key. */
export function keyedAuditHash(keyring: AuditKeyring, content: HashedContent): string {
  return createHmac('sha256', keyring.linkKey)
    .update(KEYED_PREFIX)
    .update(canonicalBytes(content))
    .digest('hex');
}
