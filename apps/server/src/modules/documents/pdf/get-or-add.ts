type Cache<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown };

/** The cached value for `key`, created and stored on first use. */
export function getOrAdd<K, V>(cache: Cache<K, V>, key: K, create: () => V): V {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const created = create();
  cache.set(key, created);
  return created;
}
