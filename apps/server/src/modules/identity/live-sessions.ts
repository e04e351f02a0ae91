import { sql } from 'kysely';
import type { Db } from '../../db/transaction';

/**
 * A signed-in session as the API sees it: the user, and the embedded provider's grant its access token was
 * issued under (null for an external provider's token, whose sessions that provider ends).
 */
export type SessionRef = { userId: string; grantId: string | null };

/** A grant still stands while its row exists and has not expired; sign-out and locking delete it. */
function liveGrant(grantId: string) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM oidc_payloads
    WHERE model = 'Grant' AND id = ${grantId} AND (expires_at IS NULL OR expires_at > now()))`;
}

/**
 * The user a token speaks for, in one query with whether its grant still stands. Undefined when the user
 * is unknown, locked, or the sign-in was ended (signed out, locked, refresh token reused).
 */
export async function findSignedInUser(db: Db, session: SessionRef) {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .select(
      session.grantId === null
        ? sql<boolean>`true`.as('grantLive')
        : liveGrant(session.grantId).as('grantLive'),
    )
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!row || row.isLocked || !row.grantLive) return undefined;
  const { grantLive: _, ...user } = row;
  return user;
}

/**
 * Of the given sessions, the ones that ended (user gone or locked, grant revoked or expired), as their
 * `sessionKey`s: open realtime connections of those are closed.
 */
export async function findEndedSessions(db: Db, sessions: readonly SessionRef[]): Promise<Set<string>> {
  if (sessions.length === 0) return new Set();
  const userIds = [...new Set(sessions.map((session) => session.userId))];
  const grantIds = [...new Set(sessions.flatMap((session) => (session.grantId ? [session.grantId] : [])))];
  const [activeUsers, liveGrants] = await Promise.all([
    db.selectFrom('users').select('id').where('id', 'in', userIds).where('isLocked', '=', false).execute(),
    grantIds.length
      ? db
          .selectFrom('oidcPayloads')
          .select('id')
          .where('model', '=', 'Grant')
          .where('id', 'in', grantIds)
          .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]))
          .execute()
      : Promise.resolve([]),
  ]);
  const active = new Set(activeUsers.map((row) => row.id));
  const live = new Set(liveGrants.map((row) => row.id));
  return new Set(
    sessions
      .filter(
        (session) => !active.has(session.userId) || (session.grantId !== null && !live.has(session.grantId)),
      )
      .map(sessionKey),
  );
}

export function sessionKey(session: SessionRef): string {
  return `${session.userId}\u0000${session.grantId ?? ''}`;
}
