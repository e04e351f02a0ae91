import { PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { readMeasurements } from './read-measurements';
import { layOutLines, type PageText, type TextRun } from './text-layout';

// Text runs as pdf.js gives them (points from the page's top-left), laid out by hand: a run's width is
// taken as 0.5 of the font size per character, close to Helvetica's.
type Placed = [x: number, baseline: number, text: string, fontSize?: number];
const run = ([x, baseline, text, fontSize = 10]: Placed): TextRun => ({
  text,
  x,
  baseline,
  width: text.length * fontSize * 0.5,
  fontSize,
});
const page = (placed: Placed[], number = 1): PageText => ({
  page: number,
  width: 612,
  height: 792,
  runs: placed.map(run),
});
const read = (...pages: PageText[]) =>
  Object.fromEntries(readMeasurements(pages, PDF_SCRAPE_VOCABULARY).map((value) => [value.key, value.value]));

describe('laying out text runs', () => {
  it('puts runs on one line by baseline, and splits a line into cells at wide gaps', () => {
    const lines = layOutLines(
      page([
        [200, 101, '456 ohms'],
        [50, 100, 'Pacing Impedance'],
        [330, 100.5, '520 ohms'],
        [50, 116, 'Sensing'],
      ]),
    );
    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([
      ['Pacing Impedance', '456 ohms', '520 ohms'],
      ['Sensing'],
    ]);
    // A number and its unit apart, punctuation kept as marks.
    expect(layOutLines(page([[50, 100, 'RV: 0.75V@0.4ms']]))[0]?.tokens.map((token) => token.text)).toEqual([
      'RV',
      ':',
      '0.75',
      'V',
      '@',
      '0.4',
      'ms',
    ]);
  });

  it('splits one run printed with runs of spaces (a table as one string) into cells', () => {
    const [line] = layOutLines(page([[50, 100, 'Pacing Impedance    RA 456 ohms    RV 520 ohms']]));
    expect(line?.cells.map((cell) => cell.text)).toEqual(['Pacing Impedance', 'RA 456 ohms', 'RV 520 ohms']);
  });
});

describe('reading measurements', () => {
  it("reads 'label: value unit' lines, normalising units (ohms, Ω, years, sec, %)", () => {
    const values = readMeasurements(
      [
        page([
          [50, 100, 'Battery Voltage: 3.01 V'],
          [50, 115, 'Remaining Longevity: 7 years 6 months'],
          [50, 130, 'RV Pacing Impedance: 520 Ohms'],
          [50, 145, 'RA Lead Impedance: 456 \u2126'],
          [50, 160, 'Charge Time: 8.4 sec'],
          [50, 175, 'AT/AF Burden: 0.4%'],
          [50, 190, 'R-Wave Amplitude: 0.45 mV'],
        ]),
      ],
      PDF_SCRAPE_VOCABULARY,
    );
    expect(values.map(({ key, value, unit }) => [key, value, unit])).toEqual([
      ['MDC_IDC_MSMT_BATTERY_VOLTAGE', 3.01, 'V'],
      ['MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY', 90, 'months'],
      ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 520, 'Ω'],
      ['MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE', 456, 'Ω'],
      ['MDC_IDC_MSMT_CAP_CHARGE_TIME', 8.4, 's'],
      ['MDC_IDC_STAT_AT_BURDEN_PERCENT', 0.4, '%'],
      // An ILR's R-wave is its RV sensing channel; kept to one decimal as the portal stores it.
      ['MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL', 0.5, 'mV'],
    ]);
  });

  it("reads '0.75 V @ 0.4 ms' (and 'at', '/') as the threshold's amplitude and pulse width, with its box", () => {
    const [amplitude, pulseWidth] = readMeasurements(
      [
        page([
          [50, 100, 'RV Capture Threshold'],
          [250, 100, '0.75 V @ 0.4 ms'],
        ]),
      ],
      PDF_SCRAPE_VOCABULARY,
    );
    expect(amplitude).toEqual({
      key: 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE',
      value: 0.75,
      unit: 'V',
      page: 1,
      // The value's run: from x 250, 15 characters of 5 points; from 0.8 of the font above the baseline
      // to 0.22 below it.
      box: { x: 250, y: 92, width: 75, height: 10.2 },
      label: 'RV Capture Threshold',
      sourceText: 'RV Capture Threshold 0.75 V @ 0.4 ms',
    });
    expect(pulseWidth).toMatchObject({
      key: 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_PULSEWIDTH',
      value: 0.4,
    });
    expect(
      read(
        page([
          [50, 100, 'RA Pacing Threshold: 1.0 V at 0.5 ms'],
          [50, 115, 'RV Threshold 1.25 V / 0.4 ms'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_AMPLITUDE: 1,
      MDC_IDC_MSMT_LEADCHNL_RA_PACING_THRESHOLD_PULSEWIDTH: 0.5,
      MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE: 1.25,
      MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_PULSEWIDTH: 0.4,
    });
  });

  it('reads a table by its chamber columns, whatever their order and alignment', () => {
    expect(
      read(
        page([
          [50, 100, 'Lead'],
          [250, 100, 'RV'],
          [350, 100, 'Atrial'],
          [50, 115, 'Pacing Impedance'],
          [250, 115, '520 ohms'],
          [350, 115, '456 ohms'],
          [50, 130, 'Sensing'],
          // Right-aligned under its header.
          [227, 130, '11.2 mV'],
          [350, 130, '2.8 mV'],
          [50, 145, 'Polarity'],
          [250, 145, 'Bipolar'],
          [350, 145, 'Bipolar'],
          [50, 160, '% Paced'],
          [250, 160, '98.0 %'],
          [350, 160, '12.5 %'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 520,
      MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 456,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 11.2,
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.8,
      MDC_IDC_STAT_BRADY_RV_PERCENT_PACED: 98,
      MDC_IDC_STAT_BRADY_RA_PERCENT_PACED: 12.5,
    });
  });

  it('reads a table with a measurement per column and a chamber per row', () => {
    expect(
      read(
        page([
          [50, 100, 'Chamber'],
          [150, 100, 'Sensing'],
          [300, 100, 'Impedance (ohms)'],
          [50, 115, 'Right Atrial'],
          [150, 115, '2.4 mV'],
          [300, 115, '410'],
          [50, 130, 'Left Ventricular'],
          [150, 130, '14.0 mV'],
          [300, 130, '655'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.4,
      MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 410,
      MDC_IDC_MSMT_LEADCHNL_LV_SENSING_INTR_AMPL: 14,
      MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 655,
    });
  });

  it('reads a table continued on the next page, its header not repeated', () => {
    const header: Placed[] = [
      [250, 700, 'RA'],
      [350, 700, 'RV'],
      [50, 715, 'Sensing'],
      [250, 715, '2.1 mV'],
      [350, 715, '9.9 mV'],
    ];
    const next: Placed[] = [
      [50, 40, 'Report continued'],
      [480, 40, 'Page 2'],
      [50, 70, 'Lead Impedance'],
      [250, 70, '388 ohms'],
      [350, 70, '702 ohms'],
    ];
    expect(read(page(header, 1), page(next, 2))).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.1,
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 9.9,
      MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 388,
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 702,
    });
  });

  it('takes the chamber of the section heading the label sits under, column by column', () => {
    expect(
      read(
        page([
          [54, 100, 'Atrial Lead'],
          [320, 100, 'Ventricular Lead'],
          [60, 115, 'Sensing'],
          [200, 115, '2.1 mV'],
          [326, 115, 'Sensing'],
          [470, 115, '11.0 mV'],
          [54, 140, 'Battery'],
          // Under a heading that is not a chamber: no chamber any more.
          [60, 155, 'Impedance'],
          [200, 155, '500 ohms'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL: 2.1,
      // 'Ventricular' is the right ventricle in a report that names no left one.
      MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL: 11,
    });
  });

  it('reads values after a chamber word on one line, and nothing from a line that loses the chamber', () => {
    expect(
      read(
        page([
          [50, 100, 'Pacing Impedance'],
          [200, 100, 'RA 456 ohms'],
          [300, 100, 'RV 520 ohms'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE: 456,
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 520,
    });
    // Flattened text: which chamber each value belongs to is lost, so neither is read.
    expect(read(page([[50, 100, 'Pacing Impedance 456 ohms 520 ohms']]))).toEqual({});
  });

  describe('leaves out a value whose chamber is not certain', () => {
    it('a value under two columns at once', () => {
      expect(
        read(
          page([
            [250, 100, 'RA'],
            [300, 100, 'RV'],
            [50, 115, 'Sensing'],
            [240, 115, '2.8 mV 11.2 mV'],
          ]),
        ),
      ).toEqual({});
    });

    it("'Ventricular' or 'VP' in a report with a left ventricle", () => {
      expect(
        read(
          page([
            [50, 100, 'Ventricular Sensing: 9.8 mV'],
            [50, 115, 'VP: 98 %'],
            [50, 130, 'LV Pacing Impedance: 680 ohms'],
          ]),
        ),
      ).toEqual({ MDC_IDC_MSMT_LEADCHNL_LV_IMPEDANCE_VALUE: 680 });
    });

    it('a label naming one chamber under the column of another', () => {
      expect(
        read(
          page([
            [250, 100, 'RA'],
            [350, 100, 'RV'],
            [50, 115, 'RV Impedance'],
            [250, 115, '456 ohms'],
            [350, 115, '520 ohms'],
          ]),
        ),
      ).toEqual({ MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 520 });
    });
  });

  it('reads nothing from ranges, bounds, unknown units, negations, programmed values or values out of range', () => {
    expect(
      read(
        page([
          [50, 100, 'RV Sensing 2.0-5.0 mV'],
          [50, 115, 'RV Pacing Threshold < 2.5 V'],
          [50, 130, 'Programmed Output Voltage 3.5 V'],
          [50, 145, 'Battery Status: Not at ERI'],
          [50, 160, 'ATP 8 pulses'],
          [50, 175, 'RV Impedance 9999 ohms'],
          [50, 190, 'Lead impedance was stable at 500 ohms'],
        ]),
      ),
    ).toEqual({});
  });

  it('reads a battery state and the measurement a unit picks for a bare Battery label', () => {
    expect(
      read(
        page([
          [50, 100, 'Battery Status: ERI'],
          [50, 115, 'Battery 2.62 V'],
          [300, 115, 'Battery 15 %'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_BATTERY_STATUS: 'ERI',
      MDC_IDC_MSMT_BATTERY_VOLTAGE: 2.62,
      MDC_IDC_MSMT_BATTERY_REMAINING_PERCENTAGE: 15,
    });
  });

  it('keeps the first value read for a measurement', () => {
    expect(
      read(
        page([
          [50, 100, 'Battery Voltage 3.01 V'],
          [50, 115, 'Battery Voltage 2.80 V'],
        ]),
      ),
    ).toEqual({
      MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.01,
    });
  });
});
