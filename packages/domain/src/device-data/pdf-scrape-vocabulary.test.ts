import { describe, expect, it } from 'vitest';
import { findMeasurement } from './measurements';
import {
  PDF_SCRAPE_KEYS,
  PDF_SCRAPE_VOCABULARY,
  SCRAPE_BATTERY_STATUS_TERMS,
  SCRAPE_CHAMBER_TERMS,
  SCRAPE_LABELS,
  SCRAPE_MEASURES,
  SCRAPE_UNIT_SPELLINGS,
} from './pdf-scrape-vocabulary';

const terms = SCRAPE_LABELS.flatMap((label) => label.terms);

describe('the PDF scraping vocabulary', () => {
  it('knows at least the terms issue 15 lists', () => {
    for (const term of [
      'battery voltage',
      'battery',
      'remaining longevity',
      'longevity',
      'charge time',
      'r-wave',
      'p-wave',
      'sensing',
      'intrinsic amplitude',
      'pacing threshold',
      'capture threshold',
      'threshold',
      'pacing impedance',
      'lead impedance',
      'impedance',
      'hv impedance',
      'shock impedance',
      '% paced',
      'percent paced',
      'ap',
      'vp',
      'biv paced',
      'at/af burden',
      'af burden',
      'mode switch',
    ]) {
      expect(terms).toContain(term);
    }
    for (const [term, chamber] of [
      ['atrial', 'RA'],
      ['ra', 'RA'],
      ['rv', 'RV'],
      ['lv', 'LV'],
      ['right ventricular', 'RV'],
      ['left ventricular', 'LV'],
    ]) {
      expect(SCRAPE_CHAMBER_TERMS[term as string]).toBe(chamber);
    }
  });

  it('has each term once, in lower case, so a printed label means one measurement', () => {
    expect(new Set(terms).size).toBe(terms.length);
    for (const term of terms) expect(term).toBe(term.toLowerCase());
  });

  it('normalises the printed units: V and mV, ms, Ω / ohm / ohms, %, years to months, s', () => {
    expect(SCRAPE_UNIT_SPELLINGS.ohm).toEqual({ unit: 'Ω', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS.ohms).toEqual({ unit: 'Ω', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS['\u03a9'.toLowerCase()]).toEqual({ unit: 'Ω', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS['\u2126'.toLowerCase()]).toEqual({ unit: 'Ω', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS.mv).toEqual({ unit: 'mV', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS.v).toEqual({ unit: 'V', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS.msec).toEqual({ unit: 'ms', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS.years).toEqual({ unit: 'months', factor: 12 });
    expect(SCRAPE_UNIT_SPELLINGS.sec).toEqual({ unit: 's', factor: 1 });
    expect(SCRAPE_UNIT_SPELLINGS['%']).toEqual({ unit: '%', factor: 1 });
    // Unit spellings are looked up in lower case.
    for (const spelling of Object.keys(SCRAPE_UNIT_SPELLINGS)) expect(spelling).toBe(spelling.toLowerCase());
  });

  it('lands every measurement on an IDCO key of the portal, in that key unit', () => {
    const unitNames: Record<string, string> = { count: '' };
    for (const measure of Object.values(SCRAPE_MEASURES)) {
      for (const [unit, target] of Object.entries(measure.keys)) {
        for (const key of typeof target === 'string' ? [target] : (Object.values(target) as string[])) {
          const measurement = findMeasurement(key);
          expect(measurement, key).toBeDefined();
          if (unit === 'status') expect(measurement?.kind).toBe('status');
          else if (!(unit in unitNames))
            expect(measurement?.kind === 'number' && measurement.unit, key).toBe(unit);
        }
      }
    }
    expect(PDF_SCRAPE_KEYS).toContain('MDC_IDC_MSMT_LEADCHNL_LV_PACING_THRESHOLD_PULSEWIDTH');
    expect(PDF_SCRAPE_VOCABULARY.keys.MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE).toEqual({
      kind: 'number',
      unit: 'Ω',
      decimals: 0,
      range: { min: 100, max: 3000 },
    });
  });

  it('reads battery states as IDCO states, and leaves out what says nothing (OK)', () => {
    expect(SCRAPE_BATTERY_STATUS_TERMS.bol).toBe('BOS');
    expect(SCRAPE_BATTERY_STATUS_TERMS.eol).toBe('EOS');
    expect(SCRAPE_BATTERY_STATUS_TERMS.ok).toBeUndefined();
  });

  it('is plain data a worker can be given (structured clone keeps it whole)', () => {
    expect(structuredClone(PDF_SCRAPE_VOCABULARY)).toEqual(PDF_SCRAPE_VOCABULARY);
  });
});
