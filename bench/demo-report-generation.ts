/**
 * Demo report generation benchmark: the 2,000 PDFs a fresh demo database generates at first start,
 * 1–12 pages each, with the seed's mix of document types, alerts and names (some need the embedded
 * Unicode font). Cold: the first PDF pays for loading pdf-lib's code paths, as at a real first start.
 *
 *   npx tsx bench/demo-report-generation.ts
 *
 * Targets: < 15 ms and < 40 KB per PDF on average. Figures go to stdout; copy them into bench/RESULTS.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { DOCUMENT_TYPES } from '@portal/domain';
import { SERVICE_LINE_OF } from '../apps/server/src/db/seed-demo-documents';
import { generateDemoReportPdf } from '../apps/server/src/modules/documents/pdf/generate-demo-report';

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);
const FIRST_NAMES = ['Ada', 'Bruno', 'Carmen', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Łukasz', 'Zoë'];
const LAST_NAMES = ['Abbott', 'Castillo', 'Haddad', 'Kowalski', 'Nakamura', 'Okonkwo', 'Whitfield', 'Żółć'];
const DEVICES = [
  { manufacturer: 'Medtronic', modelName: 'Azure XT DR', chambers: 'Dual' },
  { manufacturer: 'Abbott', modelName: 'Assurity MRI', chambers: 'Single' },
  { manufacturer: 'Medtronic', modelName: 'LINQ II', chambers: 'No Leads' },
  { manufacturer: 'Boston Scientific', modelName: 'Resonate X4 CRT-D', chambers: 'BiV' },
];
const ALERTS = [
  'AF burden > 6 h in 24 h; ventricular rate up to 152 bpm',
  'Lead impedance change > 30% on the RV lead',
  'Transmission gap: no data received for 7 days',
];

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

const durations: number[] = [];
let totalBytes = 0;
let largest = 0;
const cpu = process.cpuUsage();
const started = performance.now();
for (let index = 0; index < COUNT; index++) {
  const documentType = pick(DOCUMENT_TYPES, index);
  const isAlert = documentType.endsWith('-alert');
  const pdfStarted = performance.now();
  const pdf = await generateDemoReportPdf({
    seed: index + 1,
    documentType,
    serviceLine: SERVICE_LINE_OF[documentType] ?? 'crm',
    clinicName: 'Riverside Heart & Rhythm Center',
    patient: {
      firstName: pick(FIRST_NAMES, index * 7),
      lastName: pick(LAST_NAMES, index * 3),
      dob: new Date(Date.UTC(1930 + (index % 55), index % 12, 1 + (index % 28))),
      id: `P${100000 + index}`,
    },
    device: { ...pick(DEVICES, index * 5), serialNumber: `SN${300000 + index}`, implantDate: '2019-04-15' },
    dos: new Date(Date.UTC(2026, 10, 1) - (index % 120) * 86_400_000),
    ...(isAlert ? { alertText: pick(ALERTS, index) } : {}),
    pageCount: 1 + ((index * 5) % 12),
  });
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
