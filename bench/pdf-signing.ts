/**
 * Signing benchmark: the stamp (embedded DejaVu subsets) plus the content-addressed store (fsynced), the
 * two steps a signature adds to a request.
 *
 *   npx tsx bench/pdf-signing.ts
 *
 * 1. One 5-page demo report, stamped and stored 200 times after 20 warm-up rounds: p50 / p95 / max.
 *    Each round signs with a different document id, so every put writes a new object.
 *    Target: p95 ≤ 30 ms.
 * 2. 50 different demo reports (1–12 pages, generated beforehand), stamped and stored one after the
 *    other. Target: ≤ 1.5 s in all.
 * 3. inspectPdf (the check every upload and ingest passes) of the same report: the first call, which
 *    starts the parsing worker, then 50 more.
 *
 * Blobs go to a temporary folder under the OS temp dir (set BENCH_STORAGE_DIR to measure another disk),
 * removed afterwards. Figures go to stdout; copy them into bench/RESULTS.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateDemoReportPdf } from '../apps/server/src/modules/documents/pdf/generate-demo-report';
import { inspectPdf } from '../apps/server/src/modules/documents/pdf/inspect-pdf';
import {
  type SignatureManifestation,
  stampSignature,
} from '../apps/server/src/modules/documents/pdf/stamp-signature';
import { buildDemoReportInput } from '../apps/server/src/modules/documents/pdf/test-support/sample-pdfs';
import { createFileStorage } from '../apps/server/src/modules/documents/storage/file-storage';

const WARM_UP = 20;
const ROUNDS = 200;
const SEQUENTIAL = 50;

const report = buildDemoReportInput({ seed: 7 });

const manifestation = (documentId: string): SignatureManifestation => ({
  signatureLabel: 'Reviewed by:',
  signerName: 'Łukasz Żółć',
  signedAtText: '11/21/2026 10:42:13 am',
  providerNoteLabel: 'Provider Note',
  note: 'Reviewed the stored AF episodes; anticoagulation discussed with the patient. Device function appropriate.',
  footerText: 'Riverside Heart & Rhythm Center',
  dateOfService: { mode: 'show', text: '11/01/2026' },
  documentId,
});

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const format = (value: number) => value.toFixed(1);
  return `| ${label} | ${format(percentile(sorted, 0.5))} | ${format(percentile(sorted, 0.95))} | ${format(sorted.at(-1) ?? Number.NaN)} |`;
}

const folder = await mkdtemp(path.join(process.env.BENCH_STORAGE_DIR ?? os.tmpdir(), 'bench-pdf-signing-'));
try {
  const storage = createFileStorage(folder);
  const original = await generateDemoReportPdf(report);

  for (let round = 0; round < WARM_UP; round++) {
    await storage.put(await stampSignature(original, manifestation(`warm-up-${round}`)));
  }
  const stampMs: number[] = [];
  const putMs: number[] = [];
  const totalMs: number[] = [];
  const stampCpuMs: number[] = [];
  let signedBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const signed = await stampSignature(original, manifestation(`document-${round}`));
    const cpuUsed = process.cpuUsage(cpu);
    const stamped = performance.now();
    await storage.put(signed);
    const stored = performance.now();
    stampMs.push(stamped - started);
    stampCpuMs.push((cpuUsed.user + cpuUsed.system) / 1000);
    putMs.push(stored - stamped);
    totalMs.push(stored - started);
    signedBytes = signed.byteLength;
  }

  const originals: Uint8Array[] = [];
  for (let index = 0; index < SEQUENTIAL; index++) {
    originals.push(
      await generateDemoReportPdf({ ...report, seed: 1000 + index, pageCount: 1 + (index % 12) }),
    );
  }
  const sequentialStarted = performance.now();
  for (const [index, pdf] of originals.entries()) {
    await storage.put(await stampSignature(pdf, manifestation(`sequential-${index}`)));
  }
  const sequentialMs = performance.now() - sequentialStarted;

  const limits = { maxBytes: 25 * 1024 * 1024 };
  const firstInspectionStarted = performance.now();
  await inspectPdf(original, limits);
  const firstInspectionMs = performance.now() - firstInspectionStarted;
  const inspectionMs: number[] = [];
  for (let round = 0; round < 50; round++) {
    const started = performance.now();
    const inspection = await inspectPdf(original, limits);
    inspectionMs.push(performance.now() - started);
    if (!inspection.ok) throw new Error(`The demo report was refused: ${inspection.message}`);
  }

  console.log(
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}`,
  );
  console.log(
    `5-page report: ${(original.byteLength / 1024).toFixed(1)} KB, signed ${(signedBytes / 1024).toFixed(1)} KB`,
  );
  console.log(`\n${ROUNDS} rounds after ${WARM_UP} warm-up rounds (ms):\n`);
  console.log('| step | p50 | p95 | max |\n|---|---|---|---|');
  console.log(summarise('stamp', stampMs));
  // CPU time of the whole process (GC threads included): what the stamp costs when the machine is shared.
  console.log(summarise('stamp, CPU time', stampCpuMs));
  console.log(summarise('store (put, fsync)', putMs));
  console.log(summarise('stamp + store', totalMs));
  console.log(
    `\n${SEQUENTIAL} different reports (1–12 pages) stamped and stored one after another: ${sequentialMs.toFixed(0)} ms ` +
      `(${(sequentialMs / SEQUENTIAL).toFixed(1)} ms each)`,
  );
  console.log(
    `\ninspectPdf of the 5-page report: first call (starts the worker) ${firstInspectionMs.toFixed(0)} ms; then (ms):\n`,
  );
  console.log('| step | p50 | p95 | max |\n|---|---|---|---|');
  console.log(summarise('inspect', inspectionMs));
} finally {
  await rm(folder, { recursive: true, force: true });
}
