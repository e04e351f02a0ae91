// The PDF scraping corpus (issue 15 §2): interrogation reports generated in varied layouts, vendor-like
// wording (Medtronic-, Boston Scientific-, Abbott-, Biotronik-style), fonts, sizes, orders and units, each
// with the values it shows (the truth), plus the files that must propose nothing and say why. Generated at
// test time from a seed, so every run reads the same files; nothing is checked in.
//
// The vendors' names stand for their wording only: the layouts are written from how such reports are
// commonly laid out, not copied from any vendor's file.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import type { LeadChamber, LeadConfigurationKey, PdfScrapeReason, SessionDeviceType } from '@portal/domain';
import { PDFDocument } from 'pdf-lib';
import { generateDeviceCheckPdf } from '../../generate-device-check-pdf';
import { type Draw, drawer, fixed, ReportWriter, seededRandom, seedOf, type Truth } from './report-writer';

export type CorpusEntry = {
  name: string;
  /** What the file shows that others do not. */
  covers: string;
  bytes: Uint8Array;
  /** Every value the file shows, by IDCO key, as the portal stores it. */
  expected: Truth;
  /** Why the file proposes nothing; null for a report with values. */
  reason: PdfScrapeReason | null;
};

const runFile = promisify(execFile);

export const K = {
  batteryVoltage: 'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  longevity: 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
  batteryRemaining: 'MDC_IDC_MSMT_BATTERY_REMAINING_PERCENTAGE',
  batteryStatus: 'MDC_IDC_MSMT_BATTERY_STATUS',
  chargeTime: 'MDC_IDC_MSMT_CAP_CHARGE_TIME',
  hvImpedance: 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
  sensing: (chamber: LeadChamber) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_SENSING_INTR_AMPL`,
  threshold: (chamber: LeadChamber) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_PACING_THRESHOLD_AMPLITUDE`,
  pulseWidth: (chamber: LeadChamber) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_PACING_THRESHOLD_PULSEWIDTH`,
  impedance: (chamber: LeadChamber) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_IMPEDANCE_VALUE`,
  paced: (chamber: LeadChamber) =>
    chamber === 'LV' ? 'MDC_IDC_STAT_CRT_LV_PERCENT_PACED' : `MDC_IDC_STAT_BRADY_${chamber}_PERCENT_PACED`,
  burden: 'MDC_IDC_STAT_AT_BURDEN_PERCENT',
  episodes: (kind: 'VT' | 'VF' | 'SVT' | 'ATAF' | 'Pause' | 'Brady' | 'PatientActivated') =>
    `MDC_IDC_STAT_EPISODE_RECENT_COUNT.${kind}`,
  atp: 'MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT',
  shocks: 'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
};

type Lead = { sensing: number; threshold: number; pulseWidth: number; impedance: number; paced: number };

function leadValues(d: Draw, chamber: LeadChamber): Lead {
  const sensing =
    chamber === 'RA'
      ? d.between(0.8, 4.5, 0.1)
      : chamber === 'RV'
        ? d.between(4, 18, 0.1)
        : d.between(5, 22, 0.1);
  return {
    sensing,
    threshold: d.between(0.5, 2.5, 0.25),
    pulseWidth: d.pick([0.4, 0.5, 1]),
    impedance: d.between(320, 1150, 1),
    paced: d.between(0, 99.9, 0.1),
  };
}

type Battery = { voltage: number; years: number; chargeTime: number; hv: number; burden: number };
function batteryValues(d: Draw): Battery {
  return {
    voltage: d.between(2.75, 3.2, 0.01),
    years: d.between(1, 14, 0.5),
    chargeTime: d.between(5, 12, 0.1),
    hv: d.between(35, 95, 1),
    burden: d.between(0, 30, 0.1),
  };
}

/** '0.75 V @ 0.4 ms', in the given style. */
function thresholdText(lead: Lead, style: 'at' | '@' | 'tight' | 'slash' = '@'): string {
  const amplitude = fixed(lead.threshold, 2);
  const width = fixed(lead.pulseWidth, lead.pulseWidth === 1 ? 1 : 2);
  if (style === 'tight') return `${amplitude}V@${width}ms`;
  if (style === 'slash') return `${amplitude} V / ${width} ms`;
  return `${amplitude} V ${style} ${width} ms`;
}

function expectLead(w: ReportWriter, chamber: LeadChamber, lead: Lead, what: readonly (keyof Lead)[]): void {
  for (const field of what) {
    if (field === 'sensing') w.expect(K.sensing(chamber), lead.sensing);
    if (field === 'impedance') w.expect(K.impedance(chamber), lead.impedance);
    if (field === 'paced') w.expect(K.paced(chamber), lead.paced);
    if (field === 'threshold') {
      w.expect(K.threshold(chamber), lead.threshold);
      w.expect(K.pulseWidth(chamber), lead.pulseWidth);
    }
  }
}

/** A report's first lines: who and what, none of it a measurement. */
function heading(w: ReportWriter, title: string, device: string): void {
  w.row([[54, title]], { size: 16, font: 'helvetica-bold' }, 22);
  w.row([[54, `Patient: Doe, Jane    ID 00042    DOB 01/02/1948`]], { size: 9 }, 13);
  w.row([[54, `Device: ${device}    Serial PJN123456S    Implanted 05/17/2019`]], { size: 9 }, 13);
  w.row([[54, 'Session date 03/04/2026 10:42    Clinic: Heart Rhythm Associates']], { size: 9 }, 22);
}

type Build = (d: Draw) => Promise<{ bytes: Uint8Array; expected: Truth }>;
type Definition = { name: string; covers: string; build: Build; reason?: PdfScrapeReason };

const DEFINITIONS: Definition[] = [
  {
    name: 'medtronic-dual-pm-chamber-table',
    covers: 'chamber-column table (Atrial/RV), ohms, "0.75 V @ 0.40 ms", longevity in years, AP/VP',
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'Quick Look II', style: { font: 'helvetica', size: 9 } });
      heading(w, 'Quick Look II', 'Azure XT DR MRI SureScan W1DR01');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row([
        [54, `Battery Voltage  ${fixed(battery.voltage, 2)} V (RRT=2.63 V)`],
        [330, `Remaining Longevity  ${battery.years} years`],
      ]);
      w.expect(K.batteryVoltage, battery.voltage);
      w.expect(K.longevity, battery.years * 12);
      w.down(8);
      w.row(
        [
          [54, 'Lead Measurements'],
          [230, 'Atrial'],
          [360, 'RV'],
        ],
        { font: 'helvetica-bold' },
      );
      w.row([
        [54, 'Pacing Impedance'],
        [230, `${ra.impedance} ohms`],
        [360, `${rv.impedance} ohms`],
      ]);
      w.row([
        [54, 'Capture Threshold'],
        [230, thresholdText(ra)],
        [360, thresholdText(rv)],
      ]);
      w.row([
        [54, 'Sensing (P/R wave)'],
        [230, `${fixed(ra.sensing, 1)} mV`],
        [360, `${fixed(rv.sensing, 1)} mV`],
      ]);
      expectLead(w, 'RA', ra, ['impedance', 'threshold', 'sensing']);
      expectLead(w, 'RV', rv, ['impedance', 'threshold', 'sensing']);
      w.down(8);
      w.row([[54, `% of time   AP ${fixed(ra.paced, 1)} %   VP ${fixed(rv.paced, 1)} %   AS-VS 40.2 %`]]);
      expectLead(w, 'RA', ra, ['paced']);
      expectLead(w, 'RV', rv, ['paced']);
      w.row([
        [54, `AT/AF Burden  ${fixed(battery.burden, 1)} %`],
        [330, 'Mode DDDR    Lower Rate 60 bpm'],
      ]);
      w.expect(K.burden, battery.burden);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'boston-dual-pm-label-lines',
    covers:
      "'label: value unit' lines with the chamber in the label, Times, battery status BOL, time to explant",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Combined Follow-Up Report',
        style: { font: 'times', size: 10.5 },
      });
      heading(w, 'Combined Follow-Up Report', 'ACCOLADE MRI DR L331');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      const lines: [string, () => void][] = [
        [`Battery Status: BOL`, () => w.expect(K.batteryStatus, 'BOS')],
        [
          `Approximate Time to Explant: ${battery.years} years`,
          () => w.expect(K.longevity, battery.years * 12),
        ],
        [`RA Intrinsic Amplitude: ${fixed(ra.sensing, 1)} mV`, () => expectLead(w, 'RA', ra, ['sensing'])],
        [`RA Pace Impedance: ${ra.impedance} Ohms`, () => expectLead(w, 'RA', ra, ['impedance'])],
        [`RA Pace Threshold: ${thresholdText(ra, 'at')}`, () => expectLead(w, 'RA', ra, ['threshold'])],
        [`RV Intrinsic Amplitude: ${fixed(rv.sensing, 1)} mV`, () => expectLead(w, 'RV', rv, ['sensing'])],
        [`RV Pace Impedance: ${rv.impedance} Ohms`, () => expectLead(w, 'RV', rv, ['impedance'])],
        [`RV Pace Threshold: ${thresholdText(rv, 'at')}`, () => expectLead(w, 'RV', rv, ['threshold'])],
        [`Atrial Paced: ${fixed(ra.paced, 1)}%`, () => expectLead(w, 'RA', ra, ['paced'])],
        [`Ventricular Paced: ${fixed(rv.paced, 1)}%`, () => expectLead(w, 'RV', rv, ['paced'])],
        [`AT/AF Burden: ${fixed(battery.burden, 1)}%`, () => w.expect(K.burden, battery.burden)],
      ];
      for (const [text, expect] of lines) {
        w.row([[60, text]]);
        expect();
      }
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'abbott-crt-d-measure-columns',
    covers:
      'a table with a measurement per column and a chamber per row (Atrial/RV/LV), Courier, HV and charge time',
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'FastPath Summary', style: { font: 'courier', size: 8 } });
      heading(w, 'FastPath Summary', 'Gallant HF CDHFA500Q');
      const leads = { RA: leadValues(d, 'RA'), RV: leadValues(d, 'RV'), LV: leadValues(d, 'LV') };
      const battery = batteryValues(d);
      w.row([
        [54, `Battery Voltage: ${fixed(battery.voltage, 2)} V`],
        [300, `Longevity: ${battery.years} yrs`],
      ]);
      w.row([
        [54, `Last Charge Time: ${fixed(battery.chargeTime, 1)} sec`],
        [300, `HV Impedance: ${battery.hv} ohm`],
      ]);
      w.expect(K.batteryVoltage, battery.voltage);
      w.expect(K.longevity, battery.years * 12);
      w.expect(K.chargeTime, battery.chargeTime);
      w.expect(K.hvImpedance, battery.hv);
      w.down(6);
      w.row(
        [
          [54, 'Chamber'],
          [150, 'P/R Wave'],
          [260, 'Capture Threshold'],
          [400, 'Impedance'],
        ],
        { font: 'courier-bold' },
      );
      for (const [chamber, name] of [
        ['RA', 'Atrial'],
        ['RV', 'RV'],
        ['LV', 'LV'],
      ] as const) {
        const lead = leads[chamber];
        w.row([
          [54, name],
          [150, `${fixed(lead.sensing, 1)} mV`],
          [260, thresholdText(lead)],
          [400, `${lead.impedance} ohm`],
        ]);
        expectLead(w, chamber, lead, ['sensing', 'threshold', 'impedance']);
      }
      w.down(6);
      w.row([
        [54, `AP ${fixed(leads.RA.paced, 1)}%`],
        [200, `BiV Paced ${fixed(leads.LV.paced, 1)}%`],
      ]);
      expectLead(w, 'RA', leads.RA, ['paced']);
      expectLead(w, 'LV', leads.LV, ['paced']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'biotronik-icd-sections',
    covers: "chamber section headings ('Atrium', 'Right ventricle') over plain labels, '1.0 V / 0.4 ms', Ohm",
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'Follow-up', style: { font: 'helvetica', size: 10 } });
      heading(w, 'Follow-up', 'Intica 7 DR-T');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row([[54, 'Battery']], { font: 'helvetica-bold', size: 11 });
      w.row([
        [66, 'Battery status'],
        [240, 'MOS'],
      ]);
      w.row([
        [66, 'Charge time'],
        [240, `${fixed(battery.chargeTime, 1)} s`],
      ]);
      w.expect(K.batteryStatus, 'MOS');
      w.expect(K.chargeTime, battery.chargeTime);
      for (const [chamber, title, lead] of [
        ['RA', 'Atrium', ra],
        ['RV', 'Right ventricle', rv],
      ] as const) {
        w.down(6);
        w.row([[54, title]], { font: 'helvetica-bold', size: 11 });
        w.row([
          [66, 'Sensing amplitude'],
          [240, `${fixed(lead.sensing, 1)} mV`],
        ]);
        w.row([
          [66, 'Pacing threshold'],
          [240, thresholdText(lead, 'slash')],
        ]);
        w.row([
          [66, 'Pacing impedance'],
          [240, `${lead.impedance} Ohm`],
        ]);
        expectLead(w, chamber, lead, ['sensing', 'threshold', 'impedance']);
      }
      w.down(6);
      w.row([[54, 'Shock path']], { font: 'helvetica-bold', size: 11 });
      w.row([
        [66, 'Shock impedance'],
        [240, `${battery.hv} Ohm`],
      ]);
      w.expect(K.hvImpedance, battery.hv);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'two-column-pm-sections',
    covers:
      "two-column page, a section per column ('Atrial Lead' | 'Ventricular Lead'), Ω, months, battery %",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Interrogation Summary',
        style: { font: 'dejavu', size: 9 },
      });
      heading(w, 'Interrogation Summary', 'Assurity MRI PM2272');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row(
        [
          [54, 'Atrial Lead'],
          [320, 'Ventricular Lead'],
        ],
        { font: 'dejavu-bold', size: 10 },
      );
      w.row([
        [60, 'Sensing'],
        [-250, `${fixed(ra.sensing, 1)} mV`],
        [326, 'Sensing'],
        [-520, `${fixed(rv.sensing, 1)} mV`],
      ]);
      w.row([
        [60, 'Impedance'],
        [-250, `${ra.impedance} Ω`],
        [326, 'Impedance'],
        [-520, `${rv.impedance} Ω`],
      ]);
      w.row([
        [60, 'Threshold'],
        [-250, thresholdText(ra)],
        [326, 'Threshold'],
        [-520, thresholdText(rv)],
      ]);
      expectLead(w, 'RA', ra, ['sensing', 'impedance', 'threshold']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance', 'threshold']);
      w.down(8);
      w.row([[54, 'Battery']], { font: 'dejavu-bold', size: 10 });
      const months = battery.years * 12;
      w.row([
        [60, 'Voltage'],
        [-250, `${fixed(battery.voltage, 2)} V`],
        [326, 'Longevity'],
        [-520, `${months} months`],
      ]);
      w.expect(K.batteryVoltage, battery.voltage);
      w.expect(K.longevity, months);
      const remaining = d.between(20, 99, 1);
      w.row([
        [60, 'Battery remaining'],
        [-250, `${remaining}%`],
      ]);
      w.expect(K.batteryRemaining, remaining);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'icd-table-split-header-repeated',
    covers:
      'a chamber table continued on page 2 with its header repeated; a shock impedance row with one value',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'ICD Interrogation',
        style: { font: 'helvetica', size: 9.5 },
      });
      heading(w, 'ICD Interrogation', 'Evera MRI XT DR DDMB2D4');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row([
        [54, `Battery Voltage ${fixed(battery.voltage, 2)} V`],
        [300, `Charge Time ${fixed(battery.chargeTime, 1)} s`],
      ]);
      w.expect(K.batteryVoltage, battery.voltage);
      w.expect(K.chargeTime, battery.chargeTime);
      // Filler pushes the table to the foot of the page.
      for (let index = 0; index < 34; index++)
        w.row([[54, `Note ${index + 1}: programmed parameters unchanged.`]]);
      const header = () =>
        w.row(
          [
            [54, 'Measurement'],
            [260, 'RA'],
            [380, 'RV'],
          ],
          { font: 'helvetica-bold' },
        );
      header();
      w.row([
        [54, 'Sensing'],
        [260, `${fixed(ra.sensing, 1)} mV`],
        [380, `${fixed(rv.sensing, 1)} mV`],
      ]);
      w.row([
        [54, 'Pacing Impedance'],
        [260, `${ra.impedance} ohms`],
        [380, `${rv.impedance} ohms`],
      ]);
      expectLead(w, 'RA', ra, ['sensing', 'impedance']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance']);
      w.newPage();
      w.row(
        [
          [54, 'ICD Interrogation (continued)'],
          [450, 'Page 2 of 2'],
        ],
        { size: 8 },
        24,
      );
      header();
      w.row([
        [54, 'Pacing Threshold'],
        [260, thresholdText(ra)],
        [380, thresholdText(rv)],
      ]);
      w.row([
        [54, 'Percent Paced'],
        [260, `${fixed(ra.paced, 1)} %`],
        [380, `${fixed(rv.paced, 1)} %`],
      ]);
      w.row([
        [54, 'Shock Impedance'],
        [380, `${battery.hv} ohms`],
      ]);
      expectLead(w, 'RA', ra, ['threshold', 'paced']);
      expectLead(w, 'RV', rv, ['threshold', 'paced']);
      w.expect(K.hvImpedance, battery.hv);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'crt-d-table-continued-without-header',
    covers:
      "'Right Atrial / Right Ventricular / Left Ventricular' headers, the table going on at the top of page 2",
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'CRT-D Follow-up', style: { font: 'times', size: 9 } });
      heading(w, 'CRT-D Follow-up', 'Amplia MRI Quad CRT-D DTMB2QQ');
      const leads = { RA: leadValues(d, 'RA'), RV: leadValues(d, 'RV'), LV: leadValues(d, 'LV') };
      const battery = batteryValues(d);
      w.row([[54, `Remaining Longevity: ${battery.years} years`]]);
      w.expect(K.longevity, battery.years * 12);
      for (let index = 0; index < 36; index++)
        w.row([[54, `Observation ${index + 1}: no change since the last session.`]]);
      w.row(
        [
          [54, 'Lead'],
          [220, 'Right Atrial'],
          [330, 'Right Ventricular'],
          [450, 'Left Ventricular'],
        ],
        { font: 'times-bold' },
      );
      w.row([
        [54, 'Intrinsic Amplitude'],
        [220, `${fixed(leads.RA.sensing, 1)} mV`],
        [330, `${fixed(leads.RV.sensing, 1)} mV`],
        [450, `${fixed(leads.LV.sensing, 1)} mV`],
      ]);
      w.row([
        [54, 'Pacing Impedance'],
        [220, `${leads.RA.impedance} ohms`],
        [330, `${leads.RV.impedance} ohms`],
        [450, `${leads.LV.impedance} ohms`],
      ]);
      for (const chamber of ['RA', 'RV', 'LV'] as const)
        expectLead(w, chamber, leads[chamber], ['sensing', 'impedance']);
      w.newPage();
      w.row(
        [
          [54, 'Patient: Doe, Jane    Report continued'],
          [470, 'Page 2'],
        ],
        { size: 8 },
        24,
      );
      w.row([
        [54, 'Pacing Threshold'],
        [220, thresholdText(leads.RA)],
        [330, thresholdText(leads.RV)],
        [450, thresholdText(leads.LV)],
      ]);
      w.row([
        [54, 'Percent Paced'],
        [220, `${fixed(leads.RA.paced, 1)} %`],
        [330, `${fixed(leads.RV.paced, 1)} %`],
        [450, `${fixed(leads.LV.paced, 1)} %`],
      ]);
      for (const chamber of ['RA', 'RV', 'LV'] as const)
        expectLead(w, chamber, leads[chamber], ['threshold', 'paced']);
      w.down(10);
      w.row([
        [54, `HV Impedance: ${battery.hv} ohms`],
        [300, `Charge Time: ${fixed(battery.chargeTime, 1)} s`],
      ]);
      w.expect(K.hvImpedance, battery.hv);
      w.expect(K.chargeTime, battery.chargeTime);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'medtronic-ilr',
    covers:
      'ILR: R-wave amplitude, AT/AF burden, episode counts, patient-activated episodes, longevity in years',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'LINQ II Report',
        style: { font: 'helvetica', size: 10 },
      });
      heading(w, 'LINQ II Report', 'LINQ II LNQ22');
      const rWave = d.between(0.1, 1.5, 0.01);
      const years = d.between(1, 4, 0.5);
      const burden = d.between(0, 12, 0.1);
      const counts = {
        ATAF: d.between(0, 20, 1),
        Pause: d.between(0, 6, 1),
        Brady: d.between(0, 6, 1),
        PatientActivated: d.between(0, 4, 1),
        VT: d.between(0, 3, 1),
      };
      w.row([
        [54, 'Battery Status'],
        [220, 'Good'],
        [330, 'Longevity'],
        [450, `${years} years`],
      ]);
      w.expect(K.longevity, years * 12);
      w.row([
        [54, 'R-Wave Amplitude'],
        [220, `${fixed(rWave, 2)} mV`],
      ]);
      // Stored with one decimal, as the portal keeps sensing amplitudes.
      w.expect(K.sensing('RV'), Math.round(rWave * 10) / 10);
      w.row([
        [54, 'AT/AF Burden'],
        [220, `${fixed(burden, 1)}%`],
      ]);
      w.expect(K.burden, burden);
      w.down(6);
      w.row([[54, 'Episodes since last session']], { font: 'helvetica-bold' });
      for (const [kind, label] of [
        ['ATAF', 'AT/AF Episodes'],
        ['Pause', 'Pause Episodes'],
        ['Brady', 'Brady Episodes'],
        ['PatientActivated', 'Patient Activated Episodes'],
        ['VT', 'VT Episodes'],
      ] as const) {
        w.row([
          [66, label],
          [260, String(counts[kind])],
        ]);
        w.expect(K.episodes(kind), counts[kind]);
      }
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'abbott-ilr-colon-lines',
    covers: "ILR 'label: value' lines, months, symptom episodes",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Confirm Rx Summary',
        style: { font: 'times', size: 11 },
      });
      heading(w, 'Confirm Rx Summary', 'Confirm Rx DM3500');
      const rWave = d.between(0.2, 1.2, 0.1);
      const months = d.between(12, 48, 1);
      w.row([[60, `Battery Longevity: ${months} months`]]);
      w.row([[60, `R Wave Amplitude: ${fixed(rWave, 1)} mV`]]);
      w.expect(K.longevity, months);
      w.expect(K.sensing('RV'), rWave);
      const af = d.between(0, 9, 1);
      const symptoms = d.between(0, 5, 1);
      w.row([[60, `AF Episodes: ${af}`]]);
      w.row([[60, `Symptom Episodes: ${symptoms}`]]);
      w.expect(K.episodes('ATAF'), af);
      w.expect(K.episodes('PatientActivated'), symptoms);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'boston-icd-single-column',
    covers:
      "a one-chamber table (a single 'RV' column), MOL status, 'Ventricular Paced' in a report without LV",
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'Quick Notes', style: { font: 'times', size: 10 } });
      heading(w, 'Quick Notes', 'DYNAGEN MINI ICD VR D020');
      const [rv, battery] = [leadValues(d, 'RV'), batteryValues(d)];
      w.row([
        [60, 'Battery Status: MOL'],
        [300, `Charge Time: ${fixed(battery.chargeTime, 1)} s`],
      ]);
      w.expect(K.batteryStatus, 'MOS');
      w.expect(K.chargeTime, battery.chargeTime);
      w.down(6);
      w.row(
        [
          [60, 'Lead Measurements'],
          [300, 'RV'],
        ],
        { font: 'times-bold' },
      );
      w.row([
        [60, 'Intrinsic Amplitude'],
        [300, `${fixed(rv.sensing, 1)} mV`],
      ]);
      w.row([
        [60, 'Pace Impedance'],
        [300, `${rv.impedance} ohms`],
      ]);
      w.row([
        [60, 'Pace Threshold'],
        [300, thresholdText(rv)],
      ]);
      w.row([
        [60, 'Shock Impedance'],
        [300, `${battery.hv} ohms`],
      ]);
      expectLead(w, 'RV', rv, ['sensing', 'impedance', 'threshold']);
      w.expect(K.hvImpedance, battery.hv);
      w.down(6);
      w.row([[60, `Ventricular Paced: ${fixed(rv.paced, 1)} %`]]);
      expectLead(w, 'RV', rv, ['paced']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'crt-p-long-chamber-headers',
    covers:
      "'Right Atrial / Right Ventricular / Left Ventricular' headers, '% BiV Paced', 'Atrial Paced', Helvetica 11",
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'CRT-P Session', style: { font: 'helvetica', size: 11 } });
      heading(w, 'CRT-P Session', 'Percepta Quad CRT-P MRI W4TR04');
      const leads = { RA: leadValues(d, 'RA'), RV: leadValues(d, 'RV'), LV: leadValues(d, 'LV') };
      const battery = batteryValues(d);
      w.row([[54, `Battery ${fixed(battery.voltage, 2)} V`]]);
      w.expect(K.batteryVoltage, battery.voltage);
      w.row(
        [
          [190, 'Right Atrial'],
          [320, 'Right Ventricular'],
          [450, 'Left Ventricular'],
        ],
        { font: 'helvetica-bold', size: 9 },
      );
      w.row([
        [54, 'Sensing'],
        [190, `${fixed(leads.RA.sensing, 1)} mV`],
        [320, `${fixed(leads.RV.sensing, 1)} mV`],
        [450, `${fixed(leads.LV.sensing, 1)} mV`],
      ]);
      w.row([
        [54, 'Threshold'],
        [190, thresholdText(leads.RA, 'tight')],
        [320, thresholdText(leads.RV, 'tight')],
        [450, thresholdText(leads.LV, 'tight')],
      ]);
      w.row([
        [54, 'Impedance'],
        [190, `${leads.RA.impedance}ohms`],
        [320, `${leads.RV.impedance}ohms`],
        [450, `${leads.LV.impedance}ohms`],
      ]);
      for (const chamber of ['RA', 'RV', 'LV'] as const)
        expectLead(w, chamber, leads[chamber], ['sensing', 'threshold', 'impedance']);
      w.down(6);
      w.row([
        [54, `Atrial Paced ${fixed(leads.RA.paced, 1)} %`],
        [300, `% BiV Paced ${fixed(leads.LV.paced, 1)} %`],
      ]);
      expectLead(w, 'RA', leads.RA, ['paced']);
      expectLead(w, 'LV', leads.LV, ['paced']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'flattened-inline-chambers',
    covers: "a row printed as one string: 'Pacing Impedance   RA 456 ohms   RV 520 ohms', Courier",
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'Device Check', style: { font: 'courier', size: 9 } });
      heading(w, 'Device Check', 'Adapta ADDR01');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row([[54, `Pacing Impedance    RA ${ra.impedance} ohms    RV ${rv.impedance} ohms`]]);
      w.row([[54, `Sensing Amplitude   RA ${fixed(ra.sensing, 1)} mV     RV ${fixed(rv.sensing, 1)} mV`]]);
      w.row([[54, `Capture Threshold   RA ${thresholdText(ra)}   RV ${thresholdText(rv)}`]]);
      w.row([[54, `% Paced             RA ${fixed(ra.paced, 1)} %     RV ${fixed(rv.paced, 1)} %`]]);
      w.row([[54, `Battery Voltage     ${fixed(battery.voltage, 2)} V`]]);
      expectLead(w, 'RA', ra, ['impedance', 'sensing', 'threshold', 'paced']);
      expectLead(w, 'RV', rv, ['impedance', 'sensing', 'threshold', 'paced']);
      w.expect(K.batteryVoltage, battery.voltage);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'omega-signs-dual-icd',
    covers: 'Ω as U+03A9 and as U+2126, P-wave/R-wave labels, DejaVu',
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'Session Summary', style: { font: 'dejavu', size: 9.5 } });
      heading(w, 'Session Summary', 'Ellipse DR CD2411-36Q');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row([[54, `RA Lead Impedance: ${ra.impedance} \u03A9`]]);
      w.row([[54, `RV Lead Impedance: ${rv.impedance} \u2126`]]);
      w.row([[54, `P-Wave Amplitude: ${fixed(ra.sensing, 1)} mV`]]);
      w.row([[54, `R-Wave Amplitude: ${fixed(rv.sensing, 1)} mV`]]);
      w.row([[54, `HV Lead Impedance: ${battery.hv}\u03A9`]]);
      w.row([
        [54, `Battery Voltage: ${fixed(battery.voltage, 2)} V`],
        [320, `Charge Time: ${fixed(battery.chargeTime, 1)} sec`],
      ]);
      expectLead(w, 'RA', ra, ['impedance', 'sensing']);
      expectLead(w, 'RV', rv, ['impedance', 'sensing']);
      w.expect(K.hvImpedance, battery.hv);
      w.expect(K.batteryVoltage, battery.voltage);
      w.expect(K.chargeTime, battery.chargeTime);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'reversed-columns-small-font',
    covers: 'columns in the order RV, RA; rows in another order; Courier 7',
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'Lead Data', style: { font: 'courier', size: 7 } });
      heading(w, 'Lead Data', 'Sphera DR MRI SPDR01');
      const [ra, rv] = [leadValues(d, 'RA'), leadValues(d, 'RV')];
      w.row(
        [
          [54, 'Parameter'],
          [200, 'RV'],
          [290, 'RA'],
        ],
        { font: 'courier-bold' },
      );
      w.row([
        [54, 'Lead Impedance'],
        [200, `${rv.impedance} ohms`],
        [290, `${ra.impedance} ohms`],
      ]);
      w.row([
        [54, '% Paced'],
        [200, `${fixed(rv.paced, 1)}%`],
        [290, `${fixed(ra.paced, 1)}%`],
      ]);
      w.row([
        [54, 'Capture Threshold'],
        [200, thresholdText(rv, 'at')],
        [290, thresholdText(ra, 'at')],
      ]);
      w.row([
        [54, 'Sensing'],
        [200, `${fixed(rv.sensing, 1)} mV`],
        [290, `${fixed(ra.sensing, 1)} mV`],
      ]);
      expectLead(w, 'RA', ra, ['impedance', 'paced', 'threshold', 'sensing']);
      expectLead(w, 'RV', rv, ['impedance', 'paced', 'threshold', 'sensing']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'single-pm-months-percent',
    covers: "a single-chamber pacemaker under an 'RV Lead' heading, longevity in months, battery %, ERI",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Pacemaker Check',
        style: { font: 'helvetica', size: 11 },
      });
      heading(w, 'Pacemaker Check', 'Endurity Core PM1140');
      const [rv, battery] = [leadValues(d, 'RV'), batteryValues(d)];
      const months = d.between(3, 150, 1);
      const remaining = d.between(5, 99, 1);
      w.row([
        [54, 'Battery Status'],
        [250, 'ERI'],
      ]);
      w.row([
        [54, 'Battery Remaining'],
        [250, `${remaining} %`],
      ]);
      w.row([
        [54, 'Longevity'],
        [250, `${months} mo`],
      ]);
      w.row([
        [54, 'Battery Voltage'],
        [250, `${fixed(battery.voltage, 2)} Volts`],
      ]);
      w.expect(K.batteryStatus, 'ERI');
      w.expect(K.batteryRemaining, remaining);
      w.expect(K.longevity, months);
      w.expect(K.batteryVoltage, battery.voltage);
      w.down(6);
      w.row([[54, 'RV Lead']], { font: 'helvetica-bold' });
      w.row([
        [60, 'Sensing'],
        [250, `${fixed(rv.sensing, 1)} mV`],
      ]);
      w.row([
        [60, 'Impedance'],
        [250, `${rv.impedance} ohms`],
      ]);
      w.row([
        [60, 'Threshold'],
        [250, thresholdText(rv)],
      ]);
      w.row([
        [60, 'Paced'],
        [250, `${fixed(rv.paced, 1)} %`],
      ]);
      expectLead(w, 'RV', rv, ['sensing', 'impedance', 'threshold', 'paced']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'distractors-dual-pm',
    covers:
      "programmed values, bounds, ranges, trends and 'Not at ERI' around a chamber table: none of it read",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Follow-up Report',
        style: { font: 'helvetica', size: 9 },
      });
      heading(w, 'Follow-up Report', 'Advisa DR MRI A3DR01');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row([
        [54, 'Battery Status: Not at ERI'],
        [320, `Battery Voltage: ${fixed(battery.voltage, 2)} V`],
      ]);
      w.expect(K.batteryVoltage, battery.voltage);
      w.row([
        [54, 'Programmed: Amplitude 3.5 V   Pulse Width 0.4 ms   Lower Rate 60 bpm   Sensitivity 0.9 mV'],
      ]);
      w.row([[54, 'Impedance trend: 03/2025 500, 06/2025 505, 09/2025 498']]);
      w.row([[54, 'Expected sensing range 2.0-5.0 mV; threshold < 2.5 V']]);
      w.row([[54, 'Lead impedance was stable at around 500 ohms over the last year.']]);
      w.down(6);
      w.row(
        [
          [54, 'Chronic Measurements'],
          [240, 'Atrial'],
          [360, 'RV'],
        ],
        { font: 'helvetica-bold' },
      );
      w.row([
        [54, 'Sensing'],
        [240, `${fixed(ra.sensing, 1)} mV`],
        [360, `${fixed(rv.sensing, 1)} mV`],
      ]);
      w.row([
        [54, 'Pacing Impedance'],
        [240, `${ra.impedance} ohms`],
        [360, `${rv.impedance} ohms`],
      ]);
      w.row([
        [54, 'Pulse Width'],
        [240, '0.40 ms'],
        [360, '0.40 ms'],
      ]);
      w.row([
        [54, 'Polarity'],
        [240, 'Bipolar'],
        [360, 'Bipolar'],
      ]);
      w.row([
        [54, 'Capture Threshold'],
        [240, thresholdText(ra)],
        [360, thresholdText(rv)],
      ]);
      expectLead(w, 'RA', ra, ['sensing', 'impedance', 'threshold']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance', 'threshold']);
      w.down(10);
      w.row([[54, 'Heart rate histogram: 60-70 bpm 45 %, 70-80 bpm 30 %']]);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'crt-d-ambiguous-ventricle',
    covers:
      "a CRT-D where 'Ventricular Sensing' and 'VP' do not say which ventricle: left out, the rest read",
    build: async (d) => {
      const w = await ReportWriter.create({ title: 'CRT-D Check', style: { font: 'helvetica', size: 10 } });
      heading(w, 'CRT-D Check', 'Resonate X4 CRT-D G447');
      const leads = { RA: leadValues(d, 'RA'), RV: leadValues(d, 'RV'), LV: leadValues(d, 'LV') };
      w.row([[54, `Atrial Sensing: ${fixed(leads.RA.sensing, 1)} mV`]]);
      w.row([[54, `Ventricular Sensing: ${fixed(leads.RV.sensing, 1)} mV`]]);
      w.row([[54, `RV Pacing Impedance: ${leads.RV.impedance} ohms`]]);
      w.row([[54, `LV Pacing Impedance: ${leads.LV.impedance} ohms`]]);
      w.row([[54, `VP: ${fixed(leads.RV.paced, 1)} %`]]);
      w.row([[54, `BiV Paced: ${fixed(leads.LV.paced, 1)} %`]]);
      expectLead(w, 'RA', leads.RA, ['sensing']);
      expectLead(w, 'RV', leads.RV, ['impedance']);
      expectLead(w, 'LV', leads.LV, ['impedance', 'paced']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'two-column-table-and-lines',
    covers: 'a chamber table in the left column, battery lines in the right one, mode switch %',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Follow-up Summary',
        style: { font: 'times', size: 9.5 },
      });
      heading(w, 'Follow-up Summary', 'Enitra 8 DR-T');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row(
        [
          [54, 'Leads'],
          [170, 'RA'],
          [240, 'RV'],
          [340, 'Battery'],
        ],
        { font: 'times-bold' },
      );
      w.row([
        [54, 'Sensing'],
        [170, `${fixed(ra.sensing, 1)} mV`],
        [240, `${fixed(rv.sensing, 1)} mV`],
        [340, 'Voltage'],
        [460, `${fixed(battery.voltage, 2)} V`],
      ]);
      w.row([
        [54, 'Impedance'],
        [170, `${ra.impedance} Ohm`],
        [240, `${rv.impedance} Ohm`],
        [340, 'Longevity'],
        [460, `${battery.years} years`],
      ]);
      w.row([
        [54, 'Threshold'],
        [170, `${fixed(ra.threshold, 2)} V`],
        [240, `${fixed(rv.threshold, 2)} V`],
        [340, 'Mode switch'],
        [460, `${fixed(battery.burden, 1)} %`],
      ]);
      expectLead(w, 'RA', ra, ['sensing', 'impedance']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance']);
      w.expect(K.threshold('RA'), ra.threshold);
      w.expect(K.threshold('RV'), rv.threshold);
      w.expect(K.batteryVoltage, battery.voltage);
      w.expect(K.longevity, battery.years * 12);
      w.expect(K.burden, battery.burden);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'landscape-icd-vr-bold-labels',
    covers: 'a landscape page, bold labels, values far right, episodes and therapies',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Episode Summary',
        style: { font: 'helvetica', size: 10 },
        size: [792, 612],
      });
      heading(w, 'Episode Summary', 'Visia AF MRI VR DVFB1D1');
      const [rv, battery] = [leadValues(d, 'RV'), batteryValues(d)];
      const counts = {
        VT: d.between(0, 9, 1),
        VF: d.between(0, 3, 1),
        atp: d.between(0, 12, 1),
        shocks: d.between(0, 3, 1),
      };
      const rows: [string, string, () => void][] = [
        ['RV Sensing', `${fixed(rv.sensing, 1)} mV`, () => expectLead(w, 'RV', rv, ['sensing'])],
        ['RV Pacing Impedance', `${rv.impedance} ohms`, () => expectLead(w, 'RV', rv, ['impedance'])],
        ['HV Impedance', `${battery.hv} ohms`, () => w.expect(K.hvImpedance, battery.hv)],
        ['VT Episodes', String(counts.VT), () => w.expect(K.episodes('VT'), counts.VT)],
        ['VF Episodes', String(counts.VF), () => w.expect(K.episodes('VF'), counts.VF)],
        ['ATP Delivered', String(counts.atp), () => w.expect(K.atp, counts.atp)],
        ['Shocks Delivered', String(counts.shocks), () => w.expect(K.shocks, counts.shocks)],
      ];
      for (const [label, value, expect] of rows) {
        w.text(label, 60, { font: 'helvetica-bold' });
        w.row([[-700, value]]);
        expect();
      }
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'boston-side-by-side-lead-tables',
    covers: 'two chamber tables side by side on one line (issue 29 §3): RA RV … RA RV, labels between',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Interrogation Summary',
        // DejaVu: it draws 'Ω'.
        style: { font: 'dejavu', size: 9 },
      });
      heading(w, 'Interrogation Summary', 'Accolade MRI EL DR L331');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      const ohms = d.pick(['Ω', 'Ohms', 'ohm']);
      w.row([[54, 'Leads Data']], { font: 'dejavu-bold' });
      w.row(
        [
          [170, 'RA'],
          [235, 'RV'],
          [410, 'RA'],
          [475, 'RV'],
        ],
        { font: 'dejavu-bold' },
      );
      w.row([
        [54, 'Intrinsic Amplitude'],
        [170, `${fixed(ra.sensing, 1)} mV`],
        [235, `${fixed(rv.sensing, 1)} mV`],
        [300, 'Pace Threshold'],
        [410, `${fixed(ra.threshold, 2)} V`],
        [475, `${fixed(rv.threshold, 2)} V`],
      ]);
      w.row([
        [54, 'Pace Impedance'],
        [170, `${ra.impedance} ${ohms}`],
        [235, `${rv.impedance} ${ohms}`],
        [300, 'Pulse Width'],
        [410, `${fixed(ra.pulseWidth, 1)} ms`],
        [475, `${fixed(rv.pulseWidth, 1)} ms`],
      ]);
      w.row([
        [54, 'Percent Paced'],
        [170, `${fixed(ra.paced, 1)} %`],
        [235, `${fixed(rv.paced, 1)} %`],
        [300, 'Battery Voltage'],
        [410, `${fixed(battery.voltage, 2)} V`],
      ]);
      expectLead(w, 'RA', ra, ['sensing', 'impedance', 'paced']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance', 'paced']);
      w.expect(K.threshold('RA'), ra.threshold);
      w.expect(K.threshold('RV'), rv.threshold);
      w.expect(K.batteryVoltage, battery.voltage);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'boston-lead-trend-most-recent',
    covers:
      "a trend table (issue 29 §3): 'Implant', two dates and 'Most Recent' columns; the current is taken",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Leads Trend',
        // DejaVu: it draws 'Ω'.
        style: { font: 'dejavu', size: 9 },
      });
      heading(w, 'Leads Trend', 'Accolade MRI EL DR L331');
      const [ra, rv] = [leadValues(d, 'RA'), leadValues(d, 'RV')];
      // Earlier sessions' values: near the current ones, never equal (so a wrong column shows).
      const earlier = (value: number, step: number, decimals: number) =>
        [3, 2, 1].map((k) => fixed(value + k * step, decimals));
      w.row(
        [
          [230, 'Implant'],
          [300, d.pick(['06 Jan 2025', 'Jan 6, 2025', '01/06/2025'])],
          [370, d.pick(['03 Jun 2025', 'Jun 3, 2025', '06/03/2025'])],
          [440, 'Most Recent'],
        ],
        { font: 'dejavu-bold' },
      );
      const rows: [string, string[], string][] = [
        ['RA Intrinsic Amplitude', earlier(ra.sensing, 0.3, 1), `${fixed(ra.sensing, 1)} mV`],
        ['RA Pace Impedance', earlier(ra.impedance, 20, 0), `${ra.impedance} Ω`],
        ['RA Pace Threshold', earlier(ra.threshold, 0.25, 2), `${fixed(ra.threshold, 2)} V`],
        ['RV Intrinsic Amplitude', earlier(rv.sensing, 0.4, 1), `${fixed(rv.sensing, 1)} mV`],
        ['RV Pace Impedance', earlier(rv.impedance, 25, 0), `${rv.impedance} Ω`],
        ['RV Pace Threshold', earlier(rv.threshold, 0.25, 2), `${fixed(rv.threshold, 2)} V`],
      ];
      for (const [label, past, current] of rows) {
        const unit = current.replace(/^[\d.]+ /, '');
        w.row([
          [54, label],
          [230, `${past[0]} ${unit}`],
          [300, `${past[1]} ${unit}`],
          [370, `${past[2]} ${unit}`],
          [440, current],
        ]);
      }
      expectLead(w, 'RA', ra, ['sensing', 'impedance']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance']);
      w.expect(K.threshold('RA'), ra.threshold);
      w.expect(K.threshold('RV'), rv.threshold);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'biotronik-trend-dated-sections',
    covers:
      'a trend of dated columns, the latest first, dd.mm.yyyy, under chamber headings (issue 29 §3): the latest is taken',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Home Monitoring Trend',
        style: { font: 'times', size: 9.5 },
      });
      heading(w, 'Home Monitoring Trend', 'Enitra 8 DR-T');
      const [ra, rv] = [leadValues(d, 'RA'), leadValues(d, 'RV')];
      w.row(
        [
          [220, '02.03.2026'],
          [300, '15.12.2025'],
          [380, '10.09.2025'],
        ],
        { font: 'times-bold' },
      );
      const section = (name: string, lead: Lead) => {
        w.row([[54, name]], { font: 'times-bold' });
        const rows: [string, number, string, number, number][] = [
          ['Sensing', lead.sensing, 'mV', 1, 0.5],
          ['Pacing threshold', lead.threshold, 'V', 2, 0.25],
          ['Pacing impedance', lead.impedance, 'Ohm', 0, 30],
        ];
        for (const [label, value, unit, decimals, step] of rows)
          w.row([
            [62, label],
            [220, `${fixed(value, decimals)} ${unit}`],
            [300, `${fixed(value + step, decimals)} ${unit}`],
            [380, `${fixed(value + 2 * step, decimals)} ${unit}`],
          ]);
      };
      section('Atrium', ra);
      section('Ventricle', rv);
      expectLead(w, 'RA', ra, ['sensing', 'impedance']);
      expectLead(w, 'RV', rv, ['sensing', 'impedance']);
      w.expect(K.threshold('RA'), ra.threshold);
      w.expect(K.threshold('RV'), rv.threshold);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'lead-models-under-chambers',
    covers: "a chamber header on two lines, the leads' models under the chambers (issue 29 §3)",
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Quick Look',
        style: { font: 'helvetica', size: 9 },
      });
      heading(w, 'Quick Look', 'Azure XT DR MRI SureScan W1DR01');
      const [ra, rv] = [leadValues(d, 'RA'), leadValues(d, 'RV')];
      w.row(
        [
          [230, 'Atrial'],
          [330, d.pick(['RV', 'Ventricular'])],
        ],
        { font: 'helvetica-bold' },
        11,
      );
      w.row([
        [230, d.pick(['(5076)', '(4574)'])],
        [330, d.pick(['(6935M)', '(3830)'])],
      ]);
      w.row([
        [54, 'Pacing Impedance'],
        [230, `${ra.impedance} ohms`],
        [330, `${rv.impedance} ohms`],
      ]);
      w.row([
        [54, 'Capture Threshold'],
        [230, thresholdText(ra)],
        [330, thresholdText(rv)],
      ]);
      w.row([
        [54, 'Measured P/R Wave'],
        [230, `${fixed(ra.sensing, 1)} mV`],
        [330, `${fixed(rv.sensing, 1)} mV`],
      ]);
      expectLead(w, 'RA', ra, ['impedance', 'threshold', 'sensing']);
      expectLead(w, 'RV', rv, ['impedance', 'threshold', 'sensing']);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
  {
    name: 'turned-landscape-summary',
    covers: 'a landscape summary printed turned on a portrait page (issue 29 §3): text drawn a quarter turn',
    build: async (d) => {
      const w = await ReportWriter.create({
        title: 'Quick Look',
        style: { font: 'helvetica', size: 10 },
        size: [792, 612],
        turned: true,
      });
      heading(w, 'Quick Look', 'Azure XT DR MRI SureScan W1DR01');
      const [ra, rv, battery] = [leadValues(d, 'RA'), leadValues(d, 'RV'), batteryValues(d)];
      w.row(
        [
          [250, 'Atrial'],
          [350, 'RV'],
        ],
        { font: 'helvetica-bold' },
      );
      w.row([
        [54, 'Pacing Impedance'],
        [250, `${ra.impedance} ohms`],
        [350, `${rv.impedance} ohms`],
      ]);
      w.row([
        [54, 'Capture Threshold'],
        [250, thresholdText(ra)],
        [350, thresholdText(rv)],
      ]);
      w.row([
        [54, 'Measured P/R Wave'],
        [250, `${fixed(ra.sensing, 1)} mV`],
        [350, `${fixed(rv.sensing, 1)} mV`],
      ]);
      w.down(8);
      w.row([
        [54, 'Battery Voltage'],
        [250, `${fixed(battery.voltage, 2)} V`],
      ]);
      expectLead(w, 'RA', ra, ['impedance', 'threshold', 'sensing']);
      expectLead(w, 'RV', rv, ['impedance', 'threshold', 'sensing']);
      w.expect(K.batteryVoltage, battery.voltage);
      return { bytes: await w.save(), expected: w.truth };
    },
  },
];

/** The portal's own in-person device check report (generate-device-check-pdf.ts) for these values. */
async function portalReport(
  deviceType: SessionDeviceType,
  leadConfiguration: LeadConfigurationKey,
  measurements: Truth,
): Promise<Uint8Array> {
  const { bytes } = await generateDeviceCheckPdf({
    clinicName: 'Heart Rhythm Associates',
    patient: { name: 'Jane Doe', patientId: '00042', dob: '1948-01-02' },
    device: {
      type: deviceType,
      manufacturer: 'Medtronic',
      model: 'Azure XT DR MRI',
      serialNumber: 'RNB123456S',
    },
    leadConfiguration,
    sessionDate: new Date('2026-03-04T15:30:00Z'),
    measurements,
    observations: 'Appropriate Device Function\nLead impedance stable at about 500 ohms.',
    programmingChanges: 'Lower rate 60 → 55 bpm',
    nextFollowUp: '2026-09-04',
    technicianName: 'Terry Tech',
    generatedAt: new Date('2026-03-04T15:31:00Z'),
  });
  return bytes;
}

function portalValues(d: Draw, chambers: readonly LeadChamber[], icd: boolean): Truth {
  const battery = batteryValues(d);
  const truth: Truth = {
    [K.batteryStatus]: d.pick(['BOS', 'MOS', 'RRT']),
    [K.batteryVoltage]: battery.voltage,
    [K.longevity]: battery.years * 12,
  };
  for (const chamber of chambers) {
    const lead = leadValues(d, chamber);
    truth[K.sensing(chamber)] = lead.sensing;
    truth[K.threshold(chamber)] = lead.threshold;
    truth[K.pulseWidth(chamber)] = lead.pulseWidth;
    truth[K.impedance(chamber)] = lead.impedance;
    truth[K.paced(chamber)] = lead.paced;
  }
  if (chambers.length > 1) {
    truth[K.burden] = battery.burden;
    truth[K.episodes('ATAF')] = d.between(0, 9, 1);
    truth[K.episodes('SVT')] = d.between(0, 9, 1);
  }
  if (icd) {
    truth[K.hvImpedance] = battery.hv;
    truth[K.chargeTime] = battery.chargeTime;
    truth[K.episodes('VT')] = d.between(0, 5, 1);
    truth[K.episodes('VF')] = d.between(0, 2, 1);
    truth[K.atp] = d.between(0, 8, 1);
    truth[K.shocks] = d.between(0, 2, 1);
  }
  return truth;
}

const PORTAL_DEFINITIONS: Definition[] = [
  {
    name: 'portal-own-dual-pm',
    covers:
      "the portal's own device check report (two pairs to a row under chamber headings), dual-chamber PM",
    build: async (d) => {
      const expected = portalValues(d, ['RA', 'RV'], false);
      return { bytes: await portalReport('PM', 'dualLead', expected), expected };
    },
  },
  {
    name: 'portal-own-crt-d',
    covers: "the portal's own report for a CRT-D (biValve ICD): LV / BiV paced, HV, episodes, therapies",
    build: async (d) => {
      const expected = portalValues(d, ['RA', 'RV', 'LV'], true);
      return { bytes: await portalReport('ICD', 'biValve', expected), expected };
    },
  },
  {
    name: 'portal-own-ilr',
    covers: "the portal's own report for an ILR: R-wave amplitude, burden and every episode kind",
    build: async (d) => {
      const expected: Truth = {
        [K.batteryStatus]: 'BOS',
        [K.longevity]: d.between(6, 40, 1),
        [K.sensing('RV')]: d.between(0.1, 1.5, 0.1),
        [K.burden]: d.between(0, 20, 0.1),
      };
      for (const kind of ['VT', 'VF', 'SVT', 'ATAF', 'Pause', 'Brady', 'PatientActivated'] as const) {
        expected[K.episodes(kind)] = d.between(0, 12, 1);
      }
      return { bytes: await portalReport('ILR', 'ilr', expected), expected };
    },
  },
];

// ——— Files that propose nothing ———

/** A grey-scale PNG of a few bars: a scanned page has pictures, not text. */
function scannedPagePng(width: number, height: number): Uint8Array {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1);
    for (let x = 0; x < width; x++)
      row[x + 1] = (y % 24 < 3 && x > 20 && x < width - 20) || (x % 90 < 2 && y > 30) ? 40 : 245;
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function imageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  const image = await doc.embedPng(scannedPagePng(306, 396));
  page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

/** Encrypted with qpdf (AES-256); with an empty user password it opens without one. */
export async function encryptWithQpdf(bytes: Uint8Array, userPassword: string): Promise<Uint8Array> {
  const folder = await mkdtemp(path.join(tmpdir(), 'scrape-corpus-'));
  try {
    const input = path.join(folder, 'in.pdf');
    const output = path.join(folder, 'out.pdf');
    await writeFile(input, bytes);
    await runFile('qpdf', ['--encrypt', userPassword, 'owner-secret', '256', '--', input, output]);
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function letterPdf(): Promise<Uint8Array> {
  const w = await ReportWriter.create({ title: 'Referral letter', style: { font: 'times', size: 11 } });
  for (const line of [
    'Dear Dr. Smith,',
    'Thank you for referring Mrs. Doe, whom we saw in clinic on 03/04/2026.',
    'She reports no palpitations, syncope or dizziness since her last visit in 2025.',
    'We will see her again in six months, or sooner should her symptoms change.',
    'Kind regards,',
    'Heart Rhythm Associates, 12 Main Street, Springfield',
  ]) {
    w.row([[72, line]]);
  }
  return w.save();
}

/** Every file of the corpus, generated from `seed` (the same files for the same seed). */
export async function buildScrapeCorpus(seed = 15): Promise<CorpusEntry[]> {
  const entries: CorpusEntry[] = [];
  for (const definition of [...DEFINITIONS, ...PORTAL_DEFINITIONS]) {
    const draw = drawer(seededRandom(seedOf(definition.name, seed)));
    const { bytes, expected } = await definition.build(draw);
    entries.push({ name: definition.name, covers: definition.covers, bytes, expected, reason: null });
  }
  // An interrogation report protected against changes only: it opens without a password and is read.
  const first = entries[0] as CorpusEntry;
  entries.push({
    name: 'owner-password-only',
    covers: 'encrypted (AES-256) with an owner password only: opens without one, read as usual',
    bytes: await encryptWithQpdf(first.bytes, ''),
    expected: first.expected,
    reason: null,
  });
  entries.push(
    {
      name: 'scanned-image',
      covers: 'a scanned page: an image, no text',
      bytes: await imageOnlyPdf(),
      expected: {},
      reason: 'no-text',
    },
    {
      name: 'encrypted-user-password',
      covers: 'encrypted with a user password: cannot be opened',
      bytes: await encryptWithQpdf(first.bytes, 'user-secret'),
      expected: {},
      reason: 'encrypted',
    },
    {
      name: 'broken',
      covers: 'a PDF header followed by damaged bytes',
      bytes: brokenPdf(seed),
      expected: {},
      reason: 'unreadable',
    },
    {
      name: 'letter-without-measurements',
      covers: 'a letter: text, but no measurement label',
      bytes: await letterPdf(),
      expected: {},
      reason: 'no-labels',
    },
  );
  return entries;
}

function brokenPdf(seed: number): Uint8Array {
  const random = seededRandom(seed);
  const body = Array.from({ length: 2048 }, () => Math.floor(random() * 256));
  return new Uint8Array([...Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R'), ...body]);
}
