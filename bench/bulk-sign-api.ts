/**
 * Bulk signing end to end (issue 4): POST /api/reports/bulk-sign with 50 unsigned 5-page documents,
 * through the whole stack (bearer, zod, per-document transaction with row lock, auto-reassign, stamp,
 * store, audit event), on the embedded database.
 *
 *   npx tsx bench/bulk-sign-api.ts
 *
 * Five rounds on fresh documents; target ≤ 1.5 s per 50. Figures go to stdout; copy them into
 * bench/RESULTS.md.
 */
import { performance } from 'node:perf_hooks';
import { formatISO } from 'date-fns';
import { generateDemoReportPdf } from '../apps/server/src/modules/documents/pdf/generate-demo-report';
import { insertBenchDocument, startEmbeddedBenchPortal } from './support';

const ROUNDS = 5;
const BATCH = 50;

const portal = await startEmbeddedBenchPortal('bulk');
const { app, provider, clinicNpi, storage, db } = portal;

const timings: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const ids: string[] = [];
  for (let index = 0; index < BATCH; index++) {
    const dos = new Date(Date.UTC(2026, 9, 1 + (index % 28)));
    const pdf = await generateDemoReportPdf({
      seed: round * BATCH + index + 1,
      documentType: 'implicity-90-day-remote-report',
      serviceLine: 'crm',
      clinicName: 'Aspen Hollow Cardiology',
      patient: {
        firstName: 'Bench',
        lastName: `Patient ${index}`,
        dob: new Date('1950-01-01'),
        id: `B${index}`,
      },
      device: {
        manufacturer: 'Medtronic',
        modelName: 'Azure XT DR',
        serialNumber: `SN${index}`,
        implantDate: '2020-01-01',
        chambers: 'Dual',
      },
      dos,
      pageCount: 5,
    });
    const stored = await storage.put(pdf);
    ids.push(
      await insertBenchDocument(db, {
        clinicNpi,
        index,
        dos,
        sha256: stored.sha256,
        // Half unassigned, so the auto-reassign step is measured too.
        assignedTo: index % 2 ? 'auth0|demo-provider' : null,
      }),
    );
  }
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/reports/bulk-sign',
    headers: { authorization: `Bearer ${provider.accessToken}` },
    payload: { ids, note: 'Reviewed in bulk.', localTime: formatISO(new Date()) },
  });
  const elapsed = performance.now() - started;
  const results = response.json() as { success: boolean }[];
  if (response.statusCode !== 200 || results.some((result) => !result.success)) {
    throw new Error(`bulk sign failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  timings.push(elapsed);
  console.log(`round ${round + 1}: ${BATCH} documents signed in ${elapsed.toFixed(0)} ms`);
}
const sorted = [...timings].sort((a, b) => a - b);
console.log(
  `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (target ≤ 1500 ms)`,
);
await app.close();
await portal.close();
