import type { Db } from '../../db/transaction';
import { AUDIT_KEY_FILE, AuditKeyError } from './audit-keyring';

// Several server instances share one database, so they must share one audit key. The database keeps the
// id of the key it was first used with (never the key), and an instance with another key refuses to start.

const PIN_KEY = 'audit-key-id';

export async function readPinnedAuditKeyId(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('appState').select('value').where('key', '=', PIN_KEY).executeTakeFirst();
  const value = row?.value as { keyId?: unknown } | undefined;
  return typeof value?.keyId === 'string' ? value.keyId : undefined;
}

export function auditKeyMismatch(configuredKeyId: string, pinnedKeyId: string): AuditKeyError {
  return new AuditKeyError(
    `The audit key (id ${configuredKeyId}) is not the key this database's audit trail is linked with ` +
      `(id ${pinnedKeyId}). Every server on one database needs the same key: set AUDIT_KEY to the same value ` +
      `on each, or restore DATA_DIR/${AUDIT_KEY_FILE} from the server that first used this database (or from its backup).`,
  );
}

/** Records the key's id on first use; afterwards refuses any other key. */
export async function pinAuditKey(db: Db, keyId: string): Promise<void> {
  await db
    .insertInto('appState')
    .values({ key: PIN_KEY, value: JSON.stringify({ keyId }) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const pinned = await readPinnedAuditKeyId(db);
  if (pinned !== keyId) throw auditKeyMismatch(keyId, pinned ?? '(unreadable)');
}
