/**
 * PDF scraping benchmark (issue 15 §2): the generated corpus of interrogation reports (varied layouts,
 * vendor wording, fonts, orders and units, plus the files that must propose nothing), read through the
 * scraping worker pool as the route reads them (PdfScrapePool: a worker thread, its time and heap limit).
 *
 *   npx tsx bench/pdf-scrape.ts            (SEEDS=4 by default: the corpus drawn with 4 seeds)
 *
 * Accuracy, over every value the reports show: found with the right key (so the right chamber), value and
 * unit; placed in the wrong chamber (a value proposed under a chamber whose truth is another's); other wrong
 * values; and whether each file that proposes nothing says the right reason. Time: per PDF, in the worker,
 * the pool warm (a worker's start is paid once per 30 s idle, not per PDF). Targets: ≥ 95% found, 0 in the
 * wrong chamber, p95 ≤ 300 ms.
 *
 * Issue 29 §3: then the real-text corpus (real printouts' text laid out as printed; see its README), read by
 * the same reader in this process, with the same goals: ≥ 95% found with the right chamber and unit, 0 in
 * the wrong chamber.
 */
import { performance } from 'node:perf_hooks';
import { PdfScrapePool } from '../apps/server/src/modules/device-data/pdf-scrape/pdf-scrape-pool';
import { buildRealTextCorpus } from '../apps/server/src/modules/device-data/pdf-scrape/test-corpus/real-text/real-text-corpus';
import {
  measurementOf,
  scoreRealTextCorpus,
  unitOf,
} from '../apps/server/src/modules/device-data/pdf-scrape/test-corpus/real-text/score-real-text';
import {
  buildScrapeCorpus,
  type CorpusEntry,
} from '../apps/server/src/modules/device-data/pdf-scrape/test-corpus/scrape-corpus';
import { percentile } from './support';

const SEEDS = Number(process.env.SEEDS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TARGET = { found: 95, wrongChamber: 0, p95Ms: 300 };

async function main() {
  const corpus: CorpusEntry[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) corpus.push(...(await buildScrapeCorpus(seed)));
  const pool = new PdfScrapePool({ perCaller: 1, queueLimit: 1, timeoutMs: 2000 }, 1);
  try {
    // Warm: the worker starts (pdf.js loaded, one report read) before the clock.
    await pool.scrape('bench', corpus[0]?.bytes ?? new Uint8Array());
    let expected = 0;
    let found = 0;
    let wrongChamber = 0;
    let wrongValue = 0;
    let extra = 0;
    let reasonsRight = 0;
    let failureFiles = 0;
    const samples: number[] = [];
    const slowest: { name: string; ms: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const entry of corpus) {
        const started = performance.now();
        const result = await pool.scrape('bench', entry.bytes);
        const elapsed = performance.now() - started;
        samples.push(elapsed);
        slowest.push({ name: entry.name, ms: elapsed });
        if (round > 0) continue;
        if (entry.reason !== null) {
          failureFiles += 1;
          if (result.reason === entry.reason) reasonsRight += 1;
          continue;
        }
        const proposals = 'proposals' in result ? result.proposals : [];
        const byKey = new Map(proposals.map((proposal) => [proposal.key, proposal]));
        for (const [key, value] of Object.entries(entry.expected)) {
          expected += 1;
          const proposal = byKey.get(key);
          if (proposal && proposal.value === value && proposal.unit === unitOf(key)) found += 1;
        }
        for (const proposal of proposals) {
          const truth = entry.expected[proposal.key];
          if (truth === proposal.value) continue;
          const elsewhere = Object.entries(entry.expected).some(
            ([key, value]) =>
              key !== proposal.key &&
              measurementOf(key) === measurementOf(proposal.key) &&
              value === proposal.value,
          );
          if (elsewhere) wrongChamber += 1;
          else if (truth !== undefined) wrongValue += 1;
          else extra += 1;
        }
      }
    }
    const foundShare = (100 * found) / expected;
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
    console.log(
      `Corpus: ${corpus.length} PDFs (${SEEDS} seeds × ${corpus.length / SEEDS}), ${corpus.length - failureFiles} reports showing ${expected} values`,
    );
    console.log(
      `Found with the right key, chamber and unit: ${found}/${expected} = ${foundShare.toFixed(1)}% (target ≥ ${TARGET.found}%) ${verdict(foundShare >= TARGET.found)}`,
    );
    console.log(
      `Placed in the wrong chamber: ${wrongChamber} (target ${TARGET.wrongChamber}) ${verdict(wrongChamber === TARGET.wrongChamber)}`,
    );
    console.log(`Other wrong values: ${wrongValue}; proposals the report does not show: ${extra}`);
    console.log(`Files that propose nothing with the right reason: ${reasonsRight}/${failureFiles}`);
    console.log(
      `Time per PDF through the worker (${samples.length} reads): p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${Math.max(...samples).toFixed(1)} ms (target p95 ≤ ${TARGET.p95Ms} ms) ${verdict(p95 <= TARGET.p95Ms)}`,
    );
    const worst = slowest.toSorted((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(`Slowest: ${worst.map((each) => `${each.name} ${each.ms.toFixed(1)} ms`).join(', ')}`);
  } finally {
    await pool.close();
  }
}

function realText() {
  const corpus = buildRealTextCorpus();
  const score = scoreRealTextCorpus(corpus);
  const share = (100 * score.found) / score.expected;
  const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
  const languages = [...new Set(corpus.map((entry) => entry.language))].join(', ');
  console.log('');
  console.log(`Real-text corpus: ${corpus.length} printouts (${languages}) showing ${score.expected} values`);
  console.log(
    `Found with the right key, chamber and unit: ${score.found}/${score.expected} = ${share.toFixed(1)}% (target ≥ ${TARGET.found}%) ${verdict(share >= TARGET.found)}`,
  );
  console.log(
    `Placed in the wrong chamber: ${score.wrongChamber} (target ${TARGET.wrongChamber}) ${verdict(score.wrongChamber === TARGET.wrongChamber)}`,
  );
  console.log(`Other wrong values: ${score.wrongValue}; proposals the truth does not list: ${score.extra}`);
  for (const miss of score.misses)
    console.log(`  missed ${miss.entry} ${miss.key}: ${miss.expected} (read ${miss.got})`);
}

await main();
realText();
