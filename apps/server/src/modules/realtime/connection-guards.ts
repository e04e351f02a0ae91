import type { Db } from '../../db/transaction';
import { findEndedSessions, type SessionRef, sessionKey } from '../identity/live-sessions';
import { CLOSE_CODES, type CloseCode, type ServedConnection } from './pusher-connection';

export type RealtimeLimits = {
  /** Open connections this instance serves at most. */
  maxConnections: number;
  /** Open connections one client address holds at most. */
  maxConnectionsPerIp: number;
  /** Seconds a connection may hold no authorised subscription before it is closed. */
  subscribeTimeoutSeconds: number;
};

/**
 * What the per-address limit counts by: an IPv4 address (IPv4-mapped IPv6 included), or an IPv6 address's
 * /64 network, since one client commonly holds a whole /64 and could otherwise rotate through it.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const leading = groups(head);
  const trailing = tail === undefined ? [] : groups(tail);
  // An IPv4 tail ('::1.2.3.4') stands for two groups.
  const trailingCount = trailing.length + (trailing.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? [] : Array(Math.max(0, 8 - leading.length - trailingCount)).fill('0');
  const network = [...leading, ...zeros, ...trailing]
    .slice(0, 4)
    .map((group) => (group.includes('.') ? group : Number.parseInt(group || '0', 16).toString(16)));
  return `${network.join(':')}::/64`;
}

/**
 * Counts this instance's open connections, in all and per client address (see addressKey), so a new one
 * over either limit is refused before it is served: no socket id, no hub entry, no timers.
 */
export class ConnectionAdmission {
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: Pick<RealtimeLimits, 'maxConnections' | 'maxConnectionsPerIp'>) {}

  /** Takes a place for `address`, or says why not; the returned release gives the place back (once). */
  admit(ip: string): { refused: CloseCode } | { release: () => void } {
    if (this.total >= this.limits.maxConnections) return { refused: CLOSE_CODES.overCapacity };
    const address = addressKey(ip);
    const held = this.perAddress.get(address) ?? 0;
    if (held >= this.limits.maxConnectionsPerIp) return { refused: CLOSE_CODES.tooManyFromAddress };
    this.total += 1;
    this.perAddress.set(address, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      },
    };
  }

  stats() {
    return { connections: this.total, addresses: this.perAddress.size };
  }
}

/**
 * Closes the connections that have held no subscription since before `cutoff` (ms): an authorised
 * subscription is what a connection is for. Returns the ones closed.
 */
export function closeUnsubscribedConnections(
  connections: Set<ServedConnection>,
  cutoff: number,
): ServedConnection[] {
  const idle = [...connections].filter((served) => {
    const since = served.unsubscribedSince();
    return since !== undefined && since < cutoff;
  });
  for (const served of idle) {
    served.close(CLOSE_CODES.notAuthorizedWithinTimeout);
    connections.delete(served);
  }
  return idle;
}

// Keeps each query's parameter list well under PostgreSQL's 65,535 bind parameters.
const SESSIONS_PER_QUERY = 5000;

/**
 * Closes the connections whose subscriptions were authorised under a sign-in that has since ended (signed
 * out, user locked or deleted), with one lookup for all of them. Returns the ones closed.
 */
export async function closeEndedSessionConnections(
  db: Db,
  connections: Set<ServedConnection>,
): Promise<ServedConnection[]> {
  const sessions = new Map<string, SessionRef>();
  for (const served of connections)
    for (const session of served.sessions()) sessions.set(sessionKey(session), session);
  if (sessions.size === 0) return [];
  const all = [...sessions.values()];
  const ended = new Set<string>();
  for (let start = 0; start < all.length; start += SESSIONS_PER_QUERY)
    for (const key of await findEndedSessions(db, all.slice(start, start + SESSIONS_PER_QUERY)))
      ended.add(key);
  if (ended.size === 0) return [];
  // Sessions are read again: a connection may have subscribed anew while the lookup ran.
  const closing = [...connections].filter((served) =>
    served.sessions().some((session) => ended.has(sessionKey(session))),
  );
  for (const served of closing) {
    served.close(CLOSE_CODES.unauthorized);
    connections.delete(served);
  }
  return closing;
}
