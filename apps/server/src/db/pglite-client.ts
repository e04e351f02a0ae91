import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from 'kysely';
import { acquireDataDirLock } from './data-dir-lock';
import { createKysely, type DatabaseHandle } from './database-handle';

// The embedded database (PGlite), in a module of its own so that only a process that uses it loads it.

/** PGlite options every embedded database uses: the extensions the migrations create. */
export const pgliteOptions = { extensions: { btree_gin, pg_trgm } } satisfies PGliteOptions;

/** Wraps an already-open PGlite instance (tests start one from a template). */
export function wrapPglite(pglite: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = createKysely(new PGliteDialect({ pglite }));
  let closed = false;
  return {
    db,
    engine: 'pglite',
    listen: async (channel, onMessage) => {
      const unsubscribe = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      // Kysely's PGlite driver closes the PGlite instance on destroy.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      onClose();
    },
  };
}

/** Opens the embedded database under DATA_DIR/pg, owning the directory through a lock file. */
export async function openPgliteDirectory(dataDir: string): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const pglite = await PGlite.create(path.join(dataDir, 'pg'), pgliteOptions);
    return wrapPglite(pglite, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}
