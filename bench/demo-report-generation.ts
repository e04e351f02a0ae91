/**
 * Demo report generation benchmark: the 2,000 PDFs a fresh demo database generates at first start,
 * planned by the seed's own planner (its mix of document types, devices, alerts, page counts and names;
 * some names need the embedded Unicode font). Cold: the first PDF pays for loading pdf-lib's code paths, as at a real first start.
 *
 *   npx tsx bench/demo-report-generation.ts
 *
 * Targets: < 15 ms and < 40 KB per PDF on average. Figures go to stdout; copy them into bench/RESULTS.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDemoDocumentPlanner } from '../apps/server/src/modules/documents/pdf/demo/plan-demo-document';
import { generateDemoReportPdf } from '../apps/server/src/modules/documents/pdf/generate-demo-report';

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);
// The seed's own planner: the same types, devices, alerts, page counts and names as a first start.
const planner = createDemoDocumentPlanner({
  now: new Date(Date.UTC(2026, 10, 1)),
  patientCount: Math.ceil(COUNT / 7),
});

const durations: number[] = [];
let totalBytes = 0;
let largest = 0;
const cpu = process.cpuUsage();
const started = performance.now();
for (let index = 0; index < COUNT; index++) {
  // The per-PDF times leave planning out; the total keeps it in, as a first start does.
  const plan = planner.plan(index);
  const pdfStarted = performance.now();
  const pdf = await generateDemoReportPdf({ ...plan.report, clinicName: 'Riverside Heart & Rhythm Center' });
  durations.push(performance.now() - pdfStarted);
  totalBytes += pdf.byteLength;
  largest = Math.max(largest, pdf.byteLength);
}
const elapsed = performance.now() - started;
const cpuUsed = process.cpuUsage(cpu);

const sorted = [...durations].sort((a, b) => a - b);
const at = (fraction: number) => sorted[Math.ceil(fraction * sorted.length) - 1] ?? Number.NaN;
console.log(
  `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')}`,
);
console.log(
  `${COUNT} PDFs in ${(elapsed / 1000).toFixed(1)} s (CPU time ${((cpuUsed.user + cpuUsed.system) / 1000 / 1000).toFixed(1)} s)`,
);
console.log(
  `per PDF: mean ${(elapsed / COUNT).toFixed(2)} ms, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (the first, cold: ${(durations[0] ?? 0).toFixed(1)} ms)`,
);
console.log(
  `size: mean ${(totalBytes / COUNT / 1024).toFixed(1)} KB, largest ${(largest / 1024).toFixed(1)} KB, total ${(totalBytes / 1024 / 1024).toFixed(1)} MB`,
);
