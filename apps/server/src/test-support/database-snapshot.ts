import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/transaction';

/**
 * What a request could have written: every public table's row count and a fingerprint of its rows (so an
 * UPDATE shows too, not only an INSERT or DELETE), the head of each audit chain, and the files under
 * DATA_DIR (stored PDFs, the seal log).
 */
export type DatabaseSnapshot = {
  /** When it was taken: see readWriteMark. */
  mark: string;
  tables: Record<string, { rows: number; fingerprint: string }>;
  auditHeads: Record<string, { id: string; hash: string }>;
  files: { count: number; bytes: number };
};

export type SnapshotScope = {
  tables: readonly string[];
  /** Columns a table's fingerprint leaves out: ones that change on their own, after the request. */
  ignoredColumns: Readonly<Record<string, readonly string[]>>;
  dataDir: string;
};

/** The tables of the public schema, by name. */
export async function listPublicTables(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(
    db,
  );
  return result.rows.map((row) => row.name);
}

function countFiles(directory: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  if (!fs.existsSync(directory)) return { count, bytes };
  for (const entry of fs.readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/**
 * A cheap mark of what has been written: the first transaction id PostgreSQL has not yet seen complete
 * (a transaction gets an id only when it writes, so reads leave it as it is), and the files under DATA_DIR.
 * While it stays the same nothing was written, and a snapshot taken at that mark still holds.
 */
async function readWriteMark(db: Db, scope: SnapshotScope): Promise<string> {
  const { rows } = await sql<{ xmax: string }>`
    SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(db);
  const files = countFiles(scope.dataDir);
  return `${rows[0]?.xmax} ${files.count} ${files.bytes}`;
}

/**
 * The snapshot as it is now: `previous` itself when nothing was written since it was taken (one query
 * instead of a scan of every table, which made the bad-input suite most of the integration run's time).
 */
export async function refreshSnapshot(
  db: Db,
  scope: SnapshotScope,
  previous: DatabaseSnapshot,
): Promise<DatabaseSnapshot> {
  if ((await readWriteMark(db, scope)) === previous.mark) return previous;
  return snapshotDatabase(db, scope);
}

export async function snapshotDatabase(db: Db, scope: SnapshotScope): Promise<DatabaseSnapshot> {
  const mark = await readWriteMark(db, scope);
  // One statement: per table a count and a sum over its rows' xmin (the transaction that wrote each row
  // version), so an INSERT, UPDATE or DELETE changes one or the other and a rolled-back one neither. A
  // table with columns that change on their own is fingerprinted by its content without them instead.
  const perTable = scope.tables.map((table) => {
    const ignored = scope.ignoredColumns[table];
    const rowVersion = ignored?.length
      ? sql`hashtext((to_jsonb(t) - ${sql.val(ignored)}::text[])::text)::bigint`
      : sql`t.xmin::text::bigint`;
    return sql`SELECT ${sql.lit(table)} AS name, count(*)::int AS rows,
      coalesce(sum(${rowVersion}), 0)::text AS fingerprint FROM ${sql.table(table)} AS t`;
  });
  const tables = await sql<{ name: string; rows: number; fingerprint: string }>`${sql.join(
    perTable,
    sql` UNION ALL `,
  )}`.execute(db);
  const heads = await sql<{ chain: string; id: string; hash: string }>`
    SELECT DISTINCT ON (chain) chain, id::text AS id, hash FROM audit_events ORDER BY chain, id DESC`.execute(
    db,
  );
  return {
    mark,
    tables: Object.fromEntries(
      tables.rows.map((row) => [row.name, { rows: Number(row.rows), fingerprint: row.fingerprint }]),
    ),
    auditHeads: Object.fromEntries(heads.rows.map((head) => [head.chain, { id: head.id, hash: head.hash }])),
    files: countFiles(scope.dataDir),
  };
}

/** What differs between two snapshots, one line per table, audit chain or the files; empty when nothing. */
export function describeSnapshotChanges(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const changes: string[] = [];
  for (const [table, then] of Object.entries(before.tables)) {
    const now = after.tables[table];
    if (!now) changes.push(`table ${table}: gone`);
    else if (now.rows !== then.rows) changes.push(`table ${table}: ${then.rows} → ${now.rows} rows`);
    else if (now.fingerprint !== then.fingerprint)
      changes.push(`table ${table}: rows changed (${now.rows} rows)`);
  }
  const chains = new Set([...Object.keys(before.auditHeads), ...Object.keys(after.auditHeads)]);
  for (const chain of chains) {
    const then = before.auditHeads[chain];
    const now = after.auditHeads[chain];
    if (then?.id !== now?.id || then?.hash !== now?.hash)
      changes.push(
        `audit chain ${chain}: head ${then ? `#${then.id}` : 'none'} → ${now ? `#${now.id}` : 'none'}`,
      );
  }
  if (before.files.count !== after.files.count || before.files.bytes !== after.files.bytes)
    changes.push(
      `files under DATA_DIR: ${before.files.count} (${before.files.bytes} bytes) → ${after.files.count} (${after.files.bytes} bytes)`,
    );
  return changes;
}
