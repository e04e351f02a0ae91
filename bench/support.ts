// What the database benchmarks share: a statement on the server's maintenance database (creating and
// dropping a benchmark's own database), and the percentile of a sample.
import pg from 'pg';

/** Runs one statement on the server at `serverUrl` (e.g. CREATE DATABASE) over a connection of its own. */
export async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The p-th percentile (nearest rank) of the values, in any order; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
