import { PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { readMeasurements } from '../../read-measurements';
import { buildRealTextCorpus, layOutPrintedPage } from './real-text-corpus';
import { scoreRealTextCorpus } from './score-real-text';

const valuesOf = (text: string) =>
  Object.fromEntries(
    readMeasurements([layOutPrintedPage(1, text)], PDF_SCRAPE_VOCABULARY).map((value) => [
      value.key,
      value.value,
    ]),
  );

// Issue 29 §3: printouts' real wording (README.md beside the corpus says where each came from).
describe('the real-text corpus', () => {
  it('is read to its goals: at least 95 % of the values with the right chamber and unit, none in a wrong chamber', () => {
    const score = scoreRealTextCorpus(buildRealTextCorpus());
    expect(score.expected).toBeGreaterThan(60);
    expect(score.found / score.expected, JSON.stringify(score.misses)).toBeGreaterThanOrEqual(0.95);
    expect(score.wrongChamber, JSON.stringify(score.wrong)).toBe(0);
    expect(score.wrongValue, JSON.stringify(score.wrong)).toBe(0);
  });

  it('reads the lead table whose header prints the leads’ models: Atrial(4574)  RV(6935M)  LV(4398)', () => {
    expect(
      valuesOf(`
                                    Atrial(4574)          RV(6935M)             LV(4398)
Pacing Impedance                    589 Ω                 608 Ω                 855 Ω
Capture Threshold                   0.750 V @ 0.40 ms     0.500 V @ 0.40 ms     2.000 V @ 0.40 ms
`),
    ).toMatchObject({
      MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 589,
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 608,
      MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 855,
      MDC_IDC_MSMT_LEADCHNL_LV_PACING_THRESHOLD_AMPLITUDE: 2,
    });
  });

  it('reads each line the issue quotes', () => {
    expect(
      valuesOf(`
                                    Atrial(5076)          RV(6935M)
Measured P/R Wave                   4.4 mV                6.4 mV
`),
    ).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 4.4,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 6.4,
    });
    expect(valuesOf('Time in AT/AF   4.8 h/d  (19.9 %)')).toEqual({ MDC_IDC_STAT_AT_BURDEN_PERCENT: 19.9 });
    expect(valuesOf('Total Shocks                        0')).toEqual({
      MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT: 0,
    });
    // A dual-chamber device: VP is the right ventricle's.
    expect(valuesOf('Total VP   100.0 %')).toEqual({ MDC_IDC_STAT_BRADY_RV_PERCENT_PACED: 100 });
    expect(
      valuesOf(`
VT-NS (>4 beats, >182 bpm)          8
AF                                  5,776
SVT: VT/VF Rx Withheld              1
VF                                  0
VT                                  2
`),
    ).toEqual({
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VTNS': 8,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 5776,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.SVT': 1,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VF': 0,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VT': 2,
    });
  });

  it('reads decimal commas (one or two digits after the comma) and thousands (three) apart', () => {
    expect(
      valuesOf(`
                                    RA                    RV
Lead Impedance                      475 Ω                 1,026 Ω
Capture Threshold                   0,75 V @ 0,4 ms       1,25 V @ 0,4 ms
Time in AT/AF   4,8 h/d  (19,9 %)
`),
    ).toMatchObject({
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 1026,
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 0.75,
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_PULSEWIDTH: 0.4,
      MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 1.25,
      MDC_IDC_STAT_AT_BURDEN_PERCENT: 19.9,
    });
  });

  it("takes no chart axis for a value: 'AT/AF(Monitor)' beside a trend's ticks has none", () => {
    expect(
      valuesOf(`
Treated                                                                          >5
VF                                  0                                            4
FVT (Off)                                                                        3
VT                                  0                                            2
AT/AF(Monitor)                                                                   1
`),
    ).toEqual({ 'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VF': 0, 'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VT': 0 });
  });

  it('reads the Japanese CareLink report with the Japanese table of labels', () => {
    const japanese = buildRealTextCorpus().find((entry) => entry.language === 'ja');
    const values = Object.fromEntries(
      readMeasurements(japanese?.pages ?? [], PDF_SCRAPE_VOCABULARY).map((value) => [value.key, value.value]),
    );
    expect(values).toMatchObject({
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 1.5,
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_PULSEWIDTH: 0.4,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 18,
      MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY: 128,
    });
  });
});
