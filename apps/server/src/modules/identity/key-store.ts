import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/transaction';

/** Reads a secret, creating it on first use; a race between two instances keeps the first one written. */
export async function getOrCreateSecret<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db
    .selectFrom('appSecrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  await db
    .insertInto('appSecrets')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('appSecrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value as T;
}

/** The provider's RS256 signing key (private JWK), created on first start and kept in the database. */
export async function loadSigningKeys(db: Db): Promise<JWK[]> {
  return getOrCreateSecret(db, 'oidc-signing-keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    return [{ ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' }];
  });
}

/** Keys that sign the provider's cookies; kept so sessions survive a restart. */
export async function loadCookieKeys(db: Db): Promise<string[]> {
  return getOrCreateSecret(db, 'oidc-cookie-keys', async () => [randomBytes(32).toString('base64url')]);
}

/** The public half of the signing keys, for verifying access tokens without a network call. */
export function toPublicJwks(keys: JWK[]): { keys: JWK[] } {
  return {
    keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}
