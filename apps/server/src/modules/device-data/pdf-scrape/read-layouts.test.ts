import { PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { readMeasurements } from './read-measurements';
import { layOutPrintedPage } from './test-corpus/real-text/real-text-corpus';

/** The values read from a page given as printed text (cells two or more spaces apart). */
const valuesOf = (text: string) =>
  Object.fromEntries(
    readMeasurements([layOutPrintedPage(1, text)], PDF_SCRAPE_VOCABULARY).map((value) => [
      value.key,
      value.value,
    ]),
  );

const K = {
  sensing: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_SENSING_INTR_AMPL`,
  impedance: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_IMPEDANCE_VALUE`,
  threshold: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_PACING_THRESHOLD_AMPLITUDE`,
};

// Issue 29 §3: layouts of real printouts the reader missed.
describe('two tables side by side', () => {
  it('reads each table under its own chamber columns, the second table’s labels between them', () => {
    expect(
      valuesOf(`
                     RA          RV                               RA          RV
Intrinsic Amplitude  2.8 mV      11.6 mV     Pace Threshold       0.7 V       1.0 V
Pace Impedance       475 Ω       620 Ω       Battery Voltage      3.01 V
`),
    ).toEqual({
      [K.sensing('RA')]: 2.8,
      [K.sensing('RV')]: 11.6,
      [K.threshold('RA')]: 0.7,
      [K.threshold('RV')]: 1,
      [K.impedance('RA')]: 475,
      [K.impedance('RV')]: 620,
      MDC_IDC_MSMT_BATTERY_VOLTAGE: 3.01,
    });
  });

  it('lets one table end while the other goes on', () => {
    expect(
      valuesOf(`
                     RA          RV                               RA          RV
Intrinsic Amplitude  2.8 mV      11.6 mV     Pace Threshold       0.7 V       1.0 V
                                             Pace Impedance       475 Ω       620 Ω
`),
    ).toEqual({
      [K.sensing('RA')]: 2.8,
      [K.sensing('RV')]: 11.6,
      [K.threshold('RA')]: 0.7,
      [K.threshold('RV')]: 1,
      [K.impedance('RA')]: 475,
      [K.impedance('RV')]: 620,
    });
  });
});

describe('a chamber header printed on two lines', () => {
  it("reads the leads' models under their chambers, or the rest of a chamber's name, as one header", () => {
    expect(
      valuesOf(`
                     Atrial        RV
                     (5076)        (6935M)
Pacing Impedance     532 Ω         494 Ω
Measured P/R Wave    4.4 mV        6.4 mV
`),
    ).toEqual({
      [K.impedance('RA')]: 532,
      [K.impedance('RV')]: 494,
      [K.sensing('RA')]: 4.4,
      [K.sensing('RV')]: 6.4,
    });
    expect(
      valuesOf(`
                     Atrial        Right
                     Lead          Ventricular Lead
Pacing Impedance     532 Ω         494 Ω
`),
    ).toEqual({ [K.impedance('RA')]: 532, [K.impedance('RV')]: 494 });
  });
});

describe('trend tables: a label, then one value per session', () => {
  it("takes the 'Most Recent' column, wherever it stands, not the first", () => {
    expect(
      valuesOf(`
                        Implant       03 Jan 2025   05 Jun 2025   Most Recent
RV Intrinsic Amplitude  12.0 mV       11.5 mV       11.6 mV       11.8 mV
RV Pace Impedance       580 Ω         610 Ω         620 Ω         615 Ω
`),
    ).toEqual({ [K.sensing('RV')]: 11.8, [K.impedance('RV')]: 615 });
    expect(
      valuesOf(`
                        This Session   Last Session
RA Pace Impedance       450 Ω          510 Ω
RA Pace Threshold       0.75 V         1.00 V
`),
    ).toEqual({ [K.impedance('RA')]: 450, [K.threshold('RA')]: 0.75 });
  });

  it('takes the latest dated column without one: month first, or day first when dotted or when it must be', () => {
    expect(
      valuesOf(`
                             12/01/2024   03/15/2025   06/02/2025
RV Pacing Impedance          520 Ω        530 Ω        545 Ω
`),
    ).toEqual({ [K.impedance('RV')]: 545 });
    // Day first, the latest on the left: 02.06.2025 is 2 June.
    expect(
      valuesOf(`
                             02.06.2025   15.03.2025   01.12.2024
RV Pacing Impedance          545 Ω        530 Ω        520 Ω
`),
    ).toEqual({ [K.impedance('RV')]: 545 });
    // 25/03/2025 cannot be month first: all are day first, so 03/04/2025 is 3 April, the latest.
    expect(
      valuesOf(`
                             25/03/2025   03/04/2025   10/02/2025
RV Pacing Impedance          530 Ω        545 Ω        520 Ω
`),
    ).toEqual({ [K.impedance('RV')]: 545 });
  });

  it("takes the column of the printout's own session date over a later one ('Date of Visit')", () => {
    const trend = `
                        01 Feb 2026   15 Mar 2026   20 Apr 2026
RV Pacing Impedance     520 Ω         545 Ω         560 Ω
`;
    expect(valuesOf(`Date of Visit: 15/Mar/2026, 9:16:05 am${trend}`)).toEqual({ [K.impedance('RV')]: 545 });
    expect(valuesOf(`Session date 03/15/2026${trend}`)).toEqual({ [K.impedance('RV')]: 545 });
    // A session date no column has: the latest column.
    expect(valuesOf(`Date of Visit: 16/Mar/2026${trend}`)).toEqual({ [K.impedance('RV')]: 560 });
    expect(valuesOf(trend)).toEqual({ [K.impedance('RV')]: 560 });
  });

  it("reads none of a trend that does not say which session is current, nor its first column as a row's value", () => {
    expect(
      valuesOf(`
                        Implant       Last Session
RA Pace Impedance       450 Ω         510 Ω
`),
    ).toEqual({});
  });

  it('gives a row the chamber of the heading it stands under', () => {
    expect(
      valuesOf(`
                             02.03.2026   15.12.2025   10.09.2025
Atrium
  Sensing                    2.5 mV       2.9 mV       3.1 mV
  Pacing impedance           480 Ohm      500 Ohm      520 Ohm
Ventricle
  Sensing                    9.5 mV       9.9 mV       10.3 mV
  Pacing impedance           610 Ohm      630 Ohm      650 Ohm
`),
    ).toEqual({
      [K.sensing('RA')]: 2.5,
      [K.impedance('RA')]: 480,
      [K.sensing('RV')]: 9.5,
      [K.impedance('RV')]: 610,
    });
  });

  it('reads the current column by the vocabulary of another language (Japanese 今回, 前回)', () => {
    expect(
      valuesOf(`
                             前回          今回
R波高値                      9.8 mV        10.4 mV
`),
    ).toEqual({ [K.sensing('RV')]: 10.4 });
  });

  it("does not take a lead table's row of one date repeated ('Measured On') for a trend's header", () => {
    expect(
      valuesOf(`
                                    Atrial(5076)          RV(6935M)
Pacing Impedance                    532 Ω                 494 Ω
Capture Threshold                   0.500 V @ 0.40 ms     0.625 V @ 0.40 ms
Measured On                         19/Nov/2025           19/Nov/2025
Measured P/R Wave                   4.4 mV                6.4 mV
`),
    ).toMatchObject({
      [K.impedance('RA')]: 532,
      [K.impedance('RV')]: 494,
      [K.sensing('RA')]: 4.4,
      [K.sensing('RV')]: 6.4,
    });
  });
});
