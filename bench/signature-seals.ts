/**
 * What sealing each signature as it commits costs (issue 31 §2): signing throughput through the API,
 * PATCH /api/reports/{id}/sign one document after another (a provider working through the inbox), with
 * the per-signature seal and without it (the seal left to the timer), on the embedded database.
 *
 *   npx tsx bench/signature-seals.ts
 *
 * ROUNDS rounds of BATCH fresh 1-page documents per mode, the modes alternating so both see the same
 * machine load; the audit chain grows as it would (every round's events stay). Figures go to stdout;
 * copy them into bench/RESULTS.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { chainSealerFor, useChainSealer } from '../apps/server/src/modules/audit/seal-audit-chains';
import { generateDemoReportPdf } from '../apps/server/src/modules/documents/pdf/generate-demo-report';
import { insertBenchDocument, startEmbeddedBenchPortal } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 40);

const portal = await startEmbeddedBenchPortal('seal', { VENDOR_OUTBOX: 'false' });
const { app, provider, clinicNpi, storage } = portal;
const db = portal.db;
const sealer = chainSealerFor(db);
if (!sealer) throw new Error('buildApp registered no sealer');

const pdf = await generateDemoReportPdf({
  seed: 1,
  documentType: 'implicity-90-day-remote-report',
  serviceLine: 'crm',
  clinicName: 'Aspen Hollow Cardiology',
  patient: { firstName: 'Bench', lastName: 'Patient', dob: new Date('1950-01-01'), id: 'B1' },
  device: {
    manufacturer: 'Medtronic',
    modelName: 'Azure XT DR',
    serialNumber: 'SN1',
    implantDate: '2020-01-01',
    chambers: 'Dual',
  },
  dos: new Date(Date.UTC(2026, 9, 1)),
  pageCount: 1,
});
const stored = await storage.put(pdf);

async function freshDocuments(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const dos = new Date(Date.UTC(2026, 9, 1 + (index % 28)));
    ids.push(
      await insertBenchDocument(db, {
        clinicNpi,
        index,
        dos,
        sha256: stored.sha256,
        assignedTo: 'auth0|demo-provider',
      }),
    );
  }
  return ids;
}

const results: Record<'sealed' | 'timer', number[]> = { sealed: [], timer: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 ? (['timer', 'sealed'] as const) : (['sealed', 'timer'] as const)) {
    useChainSealer(db, mode === 'sealed' ? sealer : undefined);
    const ids = await freshDocuments(BATCH);
    const started = performance.now();
    for (const id of ids) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/reports/${id}/sign`,
        headers: { authorization: `Bearer ${provider.accessToken}` },
        payload: { note: 'Reviewed.' },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign failed: ${response.statusCode} ${response.body}`);
    }
    const perSecond = BATCH / ((performance.now() - started) / 1000);
    results[mode].push(perSecond);
    console.log(`round ${round + 1} ${mode}: ${perSecond.toFixed(1)} signatures/s`);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `median: with a seal per signature ${median(results.sealed).toFixed(1)}/s, sealed by the timer only ${median(results.timer).toFixed(1)}/s`,
);
const events = await db
  .selectFrom('auditEvents')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirst();
console.log(
  `audit events at the end: ${events?.n}; load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
useChainSealer(db, sealer);
await portal.close();
