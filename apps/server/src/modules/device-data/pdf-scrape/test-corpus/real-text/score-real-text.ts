// Scores the reader on the real-text corpus (issue 29 §3): each value found with the right key (so the
// right chamber), value and unit; values placed under another chamber; other wrong values; extras.
import { findMeasurement, PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { readMeasurements, type ScrapedValue } from '../../read-measurements';
import type { RealTextEntry } from './real-text-corpus';

export type RealTextScore = {
  expected: number;
  found: number;
  wrongChamber: number;
  wrongValue: number;
  extra: number;
  misses: { entry: string; key: string; expected: number | string; got: number | string | undefined }[];
  wrong: { entry: string; key: string; value: number | string }[];
};

const CHAMBER = /_(RA|RV|LV)_/;
/** The same measurement in another chamber: MDC_…_RV_IMPEDANCE_VALUE → MDC_…_{chamber}_IMPEDANCE_VALUE. */
export function measurementOf(key: string): string {
  if (key === 'MDC_IDC_STAT_CRT_LV_PERCENT_PACED') return 'PERCENT_PACED';
  if (/^MDC_IDC_STAT_BRADY_(RA|RV)_PERCENT_PACED$/.test(key)) return 'PERCENT_PACED';
  return key.replace(CHAMBER, '_{chamber}_');
}
/** A numeric measurement's unit; null for a status. */
export const unitOf = (key: string) => {
  const measurement = findMeasurement(key);
  return measurement?.kind === 'number' ? measurement.unit : null;
};

export function scoreRealTextCorpus(corpus: readonly RealTextEntry[]): RealTextScore {
  const score: RealTextScore = {
    expected: 0,
    found: 0,
    wrongChamber: 0,
    wrongValue: 0,
    extra: 0,
    misses: [],
    wrong: [],
  };
  for (const entry of corpus) {
    const proposals: ScrapedValue[] = readMeasurements(entry.pages, PDF_SCRAPE_VOCABULARY);
    const byKey = new Map(proposals.map((proposal) => [proposal.key, proposal]));
    for (const [key, value] of Object.entries(entry.expected)) {
      score.expected += 1;
      const proposal = byKey.get(key);
      if (proposal && proposal.value === value && proposal.unit === unitOf(key)) score.found += 1;
      else score.misses.push({ entry: entry.name, key, expected: value, got: proposal?.value });
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
      if (elsewhere) score.wrongChamber += 1;
      else if (truth !== undefined) score.wrongValue += 1;
      else score.extra += 1;
      if (elsewhere || truth !== undefined)
        score.wrong.push({ entry: entry.name, key: proposal.key, value: proposal.value });
    }
  }
  return score;
}
