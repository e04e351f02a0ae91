// The V8 heap limits the portal's server process runs with, for `npm start` (scripts/start.mjs) and for the
// tests and benchmarks that start the real server (apps/server/src/test-support/server-process.ts), so both
// run it the same way (issue 18 §3: each instance's RSS under 300 MB under load; bench/RESULTS.md).
//
// - The young generation at 16 MB semi-spaces (Node 24 sizes them at 64 MB on this machine): about 110 MB
//   less resident memory at the same throughput.
// - The old generation capped at SERVER_MAX_OLD_SPACE_MB (384 by default). Left to itself, V8 lets it grow
//   to about five times the live heap under a high allocation rate (a list page allocates about 0.5 MB):
//   RSS went from 225 MB idle to 506–673 MB under 50–200 connections. With a limit V8 collects earlier, and
//   the peak stayed under 300 MB. The live heap is about 100 MB, so the limit leaves room for the largest
//   work (a 50 MB PDF signed in the process).

/** The old generation's limit in MB: SERVER_MAX_OLD_SPACE_MB when it is a whole number ≥ 256, else 384. */
export function maxOldSpaceMb(env = process.env) {
  const asked = Number(env.SERVER_MAX_OLD_SPACE_MB);
  return Number.isInteger(asked) && asked >= 256 ? asked : 384;
}

/** The flags to start the server's Node.js with. */
export function serverNodeFlags(env = process.env) {
  return ['--max-semi-space-size=16', `--max-old-space-size=${maxOldSpaceMb(env)}`];
}
