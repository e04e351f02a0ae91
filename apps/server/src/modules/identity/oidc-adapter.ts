import { isSafeText } from '@portal/domain';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/transaction';

// Models whose records are tied to a grant: revoking the grant (logout, refresh-token reuse) removes them.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage in PostgreSQL instead of memory, so sessions, grants, codes and refresh tokens
 * survive a restart and are shared by every server instance.
 */
export function createOidcAdapterFactory(db: Db) {
  return (model: string): Adapter => {
    const live = () =>
      db
        .selectFrom('oidcPayloads')
        .select(['payload', 'consumedAt'])
        .where('model', '=', model)
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', new Date())]));

    const toPayload = (row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined) => {
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        const values = {
          payload: JSON.stringify(payload),
          grantId: GRANTABLE.has(model) ? (payload.grantId ?? null) : null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt,
        };
        await db
          .insertInto('oidcPayloads')
          .values({ model, id, ...values, consumedAt: null })
          .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(values))
          .execute();
      },
      // Identifiers come from requests (a token, a cookie): one PostgreSQL cannot hold (NUL) is simply unknown.
      async find(id) {
        if (!isSafeText(id)) return undefined;
        return toPayload(await live().where('id', '=', id).executeTakeFirst());
      },
      async findByUid(uid) {
        if (!isSafeText(uid)) return undefined;
        return toPayload(await live().where('uid', '=', uid).executeTakeFirst());
      },
      async findByUserCode(userCode) {
        if (!isSafeText(userCode)) return undefined;
        return toPayload(await live().where('userCode', '=', userCode).executeTakeFirst());
      },
      async consume(id) {
        await db
          .updateTable('oidcPayloads')
          .set({ consumedAt: new Date() })
          .where('model', '=', model)
          .where('id', '=', id)
          .execute();
      },
      async destroy(id) {
        await db.deleteFrom('oidcPayloads').where('model', '=', model).where('id', '=', id).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidcPayloads').where('grantId', '=', grantId).execute();
      },
    };
  };
}

/** Expired records are never read; this keeps the table small. */
export async function deleteExpiredOidcPayloads(db: Db): Promise<number> {
  const result = await db.deleteFrom('oidcPayloads').where('expiresAt', '<', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
