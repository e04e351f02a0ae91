import { randomBytes } from 'node:crypto';

/** FileMaker ends a Data API session 15 minutes after the last call that used its token. */
export const SESSION_IDLE_TIMEOUT_MS = 15 * 60 * 1000;

type Session = { database: string; lastUsedAt: number };

/**
 * The Data API's database sessions: a token per log-in, bound to one database, valid until logged out or
 * left idle too long. Each call with a valid token restarts its idle time.
 */
export function createSessionStore({ idleTimeoutMs, now }: { idleTimeoutMs: number; now: () => number }) {
  const sessions = new Map<string, Session>();

  function isExpired(session: Session): boolean {
    return now() - session.lastUsedAt >= idleTimeoutMs;
  }

  return {
    open(database: string): string {
      // The same shape as FileMaker's: 52 hexadecimal characters.
      const token = randomBytes(26).toString('hex');
      sessions.set(token, { database, lastUsedAt: now() });
      return token;
    },

    /** True when the token is a live session of this database; using it restarts its idle time. */
    use(token: string, database: string): boolean {
      const session = sessions.get(token);
      if (!session) return false;
      if (isExpired(session)) {
        sessions.delete(token);
        return false;
      }
      if (session.database !== database) return false;
      session.lastUsedAt = now();
      return true;
    },

    close(token: string, database: string): boolean {
      const session = sessions.get(token);
      if (!session || session.database !== database || isExpired(session)) return false;
      sessions.delete(token);
      return true;
    },

    /** Ends every session at once, as a FileMaker Server restart or an administrator would. */
    expireAll(): void {
      sessions.clear();
    },

    count(): number {
      for (const [token, session] of sessions) if (isExpired(session)) sessions.delete(token);
      return sessions.size;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
