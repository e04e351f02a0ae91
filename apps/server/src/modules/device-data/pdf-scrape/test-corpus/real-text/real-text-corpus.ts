// Issue 29 §3: a corpus built from real interrogation printouts' text (see README.md beside this file for
// where each came from; people's names, ids and physicians replaced), laid out as the printouts lay it out:
// each page written as the printout's text in its columns (two or more spaces between cells), placed as
// pdf.js gives a page's text — runs at their x and baseline. The truth of each is the values a reader
// should take from it, by IDCO key, as the portal stores them.
//
// The pages are given to the reader as positioned text, not drawn into PDFs: the Japanese report needs a
// font the machine does not have, and the reader's input is the positioned text either way.
import type { PageText, TextRun } from '../../text-layout';

export type RealTextEntry = {
  name: string;
  /** Where the text came from (README.md has the details). */
  source: string;
  language: 'en' | 'ja';
  pages: PageText[];
  expected: Record<string, number | string>;
};

const LEFT = 36;
/** Points per character column: wider than any proportional glyph at the size, so columns keep apart. */
const COLUMN = 5;
const SIZE = 8;
const LINE = 11;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u30ff\uff00-\uffef]/u;

/** The width a run's glyphs take: about half the size for Latin, the full size for CJK. */
function widthOf(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE.test(character) ? SIZE : SIZE * 0.52;
  return width;
}

/**
 * A page from its text as printed: each line's cells (runs of text apart by two or more spaces) placed at
 * their column, CJK characters taking two columns as they take a full em on the page.
 */
export function layOutPrintedPage(page: number, text: string): PageText {
  const runs: TextRun[] = [];
  const lines = text.replace(/^\n/, '').split('\n');
  for (const [index, line] of lines.entries()) {
    const baseline = 48 + index * LINE;
    let column = 0;
    let start: { column: number; text: string } | undefined;
    let spaces = 0;
    const flush = () => {
      if (start && start.text.trim() !== '') {
        const text = start.text.trimEnd();
        runs.push({ text, x: LEFT + start.column * COLUMN, baseline, width: widthOf(text), fontSize: SIZE });
      }
      start = undefined;
    };
    for (const character of line) {
      if (character === ' ') {
        spaces += 1;
        if (spaces >= 2) flush();
        else if (start) start.text += ' ';
      } else {
        spaces = 0;
        if (!start) start = { column, text: '' };
        start.text += character;
      }
      column += WIDE.test(character) ? 2 : 1;
    }
    flush();
  }
  return { page, width: 612, height: 792, runs };
}

const K = {
  longevity: 'MDC_IDC_MSMT_BATTERY_REMAINING_LONGEVITY',
  voltage: 'MDC_IDC_MSMT_BATTERY_VOLTAGE',
  hv: 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE',
  impedance: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_IMPEDANCE_VALUE`,
  threshold: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_PACING_THRESHOLD_AMPLITUDE`,
  pulseWidth: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_PACING_THRESHOLD_PULSEWIDTH`,
  sensing: (chamber: string) => `MDC_IDC_MSMT_LEADCHNL_${chamber}_SENSING_INTR_AMPL`,
  paced: (chamber: 'RA' | 'RV') => `MDC_IDC_STAT_BRADY_${chamber}_PERCENT_PACED`,
  burden: 'MDC_IDC_STAT_AT_BURDEN_PERCENT',
  episodes: (kind: string) => `MDC_IDC_STAT_EPISODE_RECENT_COUNT.${kind}`,
  shocks: 'MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT',
};

const GOREPORTER =
  'rogerhendricks/goReporter parsePdfOutput.txt (Medtronic Quick Look, pdf text), names replaced';
const CARELINK_JA =
  'public Python test fixture of a Japanese Medtronic CareLink "Quick Look II" report (names already dummy)';

// ——— Medtronic Quick Look: a CRT-D (goReporter example 1) ———
const CRT_D_PAGE_1 = `
Quick Look
Device: Cobalt XT HF Quad DTPA2QQ   Serial Number: RTC686703S   Date of Visit:13/Nov/2025, 9:16:05 am
Patient: DOE, Alex   ID:   Physician: Dr Example One
Device Status   (Implanted: 07/Nov/2025)
Remaining Longevity   8.7 years  (13/Nov/2025)
RRT   > 5 years
(based on initial interrogation)
                                    Atrial(4574)          RV(6935M)             LV(4398)
Pacing Impedance                    589 Ω                 608 Ω                 855 Ω
Defibrillation Impedance                                  RV = 55 Ω
Pace Polarity                       Bipolar               Bipolar               LV1 to LV2
Capture Threshold                   0.750 V @ 0.40 ms     0.500 V @ 0.40 ms     2.000 V @ 0.40 ms
Measured On                         13/Nov/2025           13/Nov/2025           13/Nov/2025
Programmed Amplitude/Pulse Width    1.50 V / 0.40 ms      2.00 V / 0.40 ms      3.50 V / 0.40 ms
Measured P/R Wave                   4.3 mV                ---
Programmed Sensitivity              0.30 mV               0.30 mV

Parameter Summary
Mode  DDD   Lower Rate  50 bpm   AdaptivCRT  Adaptive Bi-V and LV
Mode Switch  171 bpm   Upper Track  130 bpm   V. Pacing  LV->RV
Upper Sensor  120 bpm   Paced AV  150 ms   Sensed AV  130 ms
Detection   Rates   Therapies
AT/AF   Monitor   > 171 bpm   All Rx Off
VF   On   >222 bpm   iATP(3), 40 Jx6
FVT  Off   All Rx Off
VT   On   182-222 bpm   iATP(7), 20 J, 40 Jx4

Clinical Status   Since 07/Nov/2025                          Cardiac Compass Trends (Nov/2025 to Nov/2025)
Treated                                                                          >5
VF                                  0                                            4
FVT (Off)                                                                        3
VT                                  0                                            2
AT/AF(Monitor)                                                                   1
Monitored
VT (140-182 bpm)                    0
VT-NS (>4 beats, >182 bpm)          0
High Rate-NS                        0
SVT: VT/VF Rx Withheld              0
AT/AF                               0                                            60
Time in AT/AF   0.0 h/d  (0.0 %)                                                 40
Functional   Last Week                                                           20
Patient Activity   NA < 1 week                                                   0
`;
const CRT_D_PAGE_2 = `
Quick Look
Device: Cobalt XT HF Quad DTPA2QQ   Serial Number: RTC686703S   Date of Visit:13/Nov/2025, 9:16:05 am
Patient: DOE, Alex   ID:   Physician: Dr Example One
Therapy Summary                     VT/VF     AT/AF       Pacing   (% of Time Since 07/Nov/2025)
Pace-Terminated Episodes            0         0           Total VP*   100.0 % (MVP Off)
                                                          Effective   100.0 %
Shock-Terminated Episodes           0         0
                                                          AP   0.1 %
Total Shocks                        0         0
Aborted Charges                     0         0
Observations (2)
- RV Capture Management: Actual safety margin (4.0 X) > programmed margin (1.5 X).
- VF detection may be delayed: VF Detection Interval is faster than 300 ms (200 bpm).
`;

// ——— Medtronic Quick Look: a CRT-P (goReporter example 2) ———
const CRT_P_PAGE_1 = `
Quick Look
Device: Percepta Quad CRT-P W4TR04   Serial Number: RNV629680S   Date of Visit:13/Nov/2025, 10:18:59 am
Patient: ROE Pat Lee   ID: MB00000001   Physician: Dr Example Two
History: Normal Sinus
Device Status   (Implanted: 28/May/2024)
Remaining Longevity   10.5 years  (13/Nov/2025)
RRT   > 5 years
(based on initial interrogation)
                                    Atrial(5076)          RV(3830)              LV
Lead Impedance                      475 Ω                 532 Ω                 1,026 Ω
Pace Polarity                                             Bipolar               LV1 to LV2
Capture Threshold                                         0.875 V @ 0.40 ms     1.250 V @ 0.40 ms
Measured On                                               13/Nov/2025           13/Nov/2025
Programmed Amplitude/Pulse Width                          1.50 V / 0.40 ms      1.75 V / 0.40 ms
Measured P/R Wave                   4.3 mV                >20.0 mV
Programmed Sensitivity              Off                   0.90 mV

Parameter Summary
Mode   VVIR   Lower Rate  70 bpm   AdaptivCRT  Nonadaptive CRT
Upper Sensor  120 bpm   V. Pacing  RV->LV
Detection   Rates   Therapies
VT   Monitor   >150 bpm
Clinical Status   Since 03/Apr/2025                          Cardiac Compass Trends (Sep/2024 to Nov/2025)
Treated
AT/AF                               0
Monitored                                                                        60
VT(>4 beats)                        3                                            50
Fast A&V                            0                                            40
AT/AF                               0                                            30
Time in AT/AF   Off                                                              20
Functional   Last Week
Patient Activity  2.0 h/d
Therapy Summary   AT/AF             Pacing   (% of Time Since 03/Apr/2025)
Pace-Terminated Episodes  0         VP   99.8 %  (MVP Off)
                                    AP   0.0 %
`;

// ——— Medtronic Quick Look: a dual-chamber ICD (goReporter example 3) ———
const DR_ICD_PAGE_1 = `
Quick Look
Device: Crome DR DDPC3D4   Serial Number: RSQ604003S   Date of Visit:19/Nov/2025, 9:36:20 am
Patient: POE Lin Kai   ID: 0000002   Physician: Dr Example Two
History:
Primary Prevention
Device Status   (Implanted: 10/Apr/2024)
Remaining Longevity   11.1 years  (19/Nov/2025)
RRT   > 5 years
(based on initial interrogation)
                                    Atrial(5076)          RV(6935M)
Pacing Impedance                    532 Ω                 494 Ω
Defibrillation Impedance                                  RV = 61 Ω
Pace Polarity                       Bipolar               Bipolar
Capture Threshold                   0.500 V @ 0.40 ms     0.625 V @ 0.40 ms
Measured On                         19/Nov/2025           19/Nov/2025
Programmed Amplitude/Pulse Width    1.00 V / 0.40 ms      1.50 V / 0.40 ms
Measured P/R Wave                   4.4 mV                6.4 mV
Programmed Sensitivity              0.30 mV               0.30 mV

Parameter Summary
Mode  AAIR<=>DDDR   Lower Rate  60 bpm   Paced AV   180 ms
Mode Switch  171 bpm   Upper Track  130 bpm   Sensed AV   150 ms
Upper Sensor  130 bpm
Detection   Rates
AT/AF   Monitor   >171 bpm
VF   On   >214 bpm   Burst(1), 40 Jx6
FVT   via VF   214-250 bpm   Burst(1), 40 Jx5
VT   On   162-214 bpm   Burst(3), 20 J, 40 Jx4
Clinical Status   Since 01/May/2025                          Cardiac Compass Trends (Sep/2024 to Nov/2025)
Treated
VF                                  0
FVT                                 0
VT                                  0                                            >5
Monitored                                                                        4
VT (140-162 bpm)                    0                                            3
VT-NS (>4 beats, >162 bpm)          8                                            2
High Rate-NS                        0                                            1
SVT: VT/VF Rx Withheld              0                                            0
AT/AF                               0
Time in AT/AF   <0.1 h/d  (<0.1 %)                                               60
Functional   Last Week                                                           40
Patient Activity  2.5 h/d                                                        20
`;
const DR_ICD_PAGE_2 = `
Quick Look
Device: Crome DR DDPC3D4   Serial Number: RSQ604003S   Date of Visit:19/Nov/2025, 9:36:20 am
Patient: POE Lin Kai   ID: 0000002   Physician: Dr Example Two
Therapy Summary                     VT/VF       Pacing   (% of Time Since 01/May/2025)
Pace-Terminated Episodes            0           VP   0.5 %  (MVP On)
                                                AP   29.0 %
Shock-Terminated Episodes           0
Total Shocks                        0
Aborted Charges                     0
Observations (2)
- Patient Activity less than 1 h/d for 1 weeks.
`;

// ——— Medtronic Quick Look: a single-chamber ICD with AF monitoring (goReporter example 4) ———
const VR_ICD_PAGE_1 = `
Quick Look
Device: Visia AF MRI S VR DVFC3D4   Serial Number: PMX619249S   Date of Visit:14/Nov/2025, 1:43:01 pm
Patient: COE, Sam   ID:   Physician: Prof Example
Device Status   (Implanted: 12/Apr/2023)
Remaining Longevity   9.8 years  (14/Nov/2025)
RRT   > 5 years
(based on initial interrogation)
                                    RV(6935M)
Pacing Impedance                    342 Ω
Defibrillation Impedance            RV = 70 Ω
Capture Threshold                   0.750 V @ 0.40 ms
Measured On                         13/Nov/2025
Programmed Amplitude/Pulse Width    1.50 V / 0.40 ms
Measured R Wave                     8.4 mV
Programmed Sensitivity              0.30 mV

Parameter Summary
Mode   VVI   Lower Rate  40 bpm
Detection   Rates   Therapies
AF  Monitor
VF   On   >200 bpm   ATP During Charging, 35 J × 6
FVT   via VF   200-250 bpm   Burst(2), 35 J × 5
VT   On   176-200 bpm   Burst(3), 20 J, 35 J × 4
Clinical Status   Since 10/Sep/2024                          Cardiac Compass Trends (Sep/2024 to Nov/2025)
Treated
VF                                  0
FVT                                 0
VT                                  0                                            >5
Monitored                                                                        4
VT (133-176 bpm)                    2                                            2
VT-NS (>4 beats, >176 bpm)          699                                          1
High Rate-NS                        0
SVT: VT/VF Rx Withheld              0
V. Oversensing-TWave Rx Withheld    0                                            24
V. Oversensing-Noise Rx Withheld    0                                            20
AF                                  5,776                                        16
Time in AF   4.8 h/d  (19.9 %)                                                   12
Functional   Last Week                                                           8
Patient Activity  0.8 h/d                                                        4
Therapy Summary                     VT/VF       Pacing   (% of Time Since 10/Sep/2024)
Pace-Terminated Episodes            0           VS   100.0 %
Shock-Terminated Episodes           0           VP   <0.1 %
Total Shocks                        0
Aborted Charges                     0
`;

// ——— Medtronic CareLink "Quick Look II", Japanese (a public test fixture's three pages; two here) ———
const JA_PAGE_1 = `
Quick Look II
デバイス： Azure™ XT DR MRI W2DR01   シリアル番号：BBB
送信日時： 20-Aug-2026 19:28:59
患者名：A
ID： 0000000
医師： A
既往： 洞房結節機能障害、 正常なAV伝導
デバイスステータス (植込み日：01-Apr-2025)
予測寿命   10.7 years (20-Aug-2026)
(イニシャルインテロゲーションに基づく)
                                    RA(3830)              RV
リードインピーダンス                380 Ω                 532 Ω
ペーシング閾値                      1.500 V (0.40 ms)     1.000 V (0.40 ms)
測定日                              20-Aug-2026           20-Aug-2026
電圧/パルス幅設定値                 3.00 V / 0.40 ms      2.00 V / 0.40 ms
P/R波高値                           2.5 mV                18.0 mV
センシング感度設定値                0.30 mV               0.90 mV
パラメータサマリ
モード AAI<=>DDD   基本レート 60 bpm   ペースAV 180 ms
モードスイッチ 171 bpm   上限トラッキング130 bpm   センスAV 150 ms
検出   レート   治療
AT/AF   モニタ   >171 bpm   全Rx Off
VT   モニタ   >150 bpm
臨床ステータス 16-Jul-2026 以降のデータ
治療済みイベント
AT/AF(モニタ)
モニタ済みイベント
VT (>4 beat)                        0
Fast A&V                            0
AT/AF                               0
AT/AF時間   <0.1 hr/day (<0.1%)
患者アクティビティ   6.6 hr/day
治療サマリ   AT/AF
ペーシングで停止したエピソード   0
ペーシング   16-Jul-2026からの時間%
VP   < 0.1% (MVP On)
AP   62.0%
`;
const JA_PAGE_2 = `
電池およびリード測定
デバイス： Azure™ XT DR MRI W2DR01   シリアル番号： BBB   送信日時： 20-Aug-2026 19:28:59
患者名： A   ID： 00000000   医師：A
予測寿命   20-Aug-2026
推定値：   10.7 years
最小値：   10.2 years
最大値：   11.2 years
電池電圧   20-Aug-2026
電圧   3.01 V
(RRT=2.63V)
リードインピーダンス
Aペーシング (バイポーラ)   380 Ω   20-Aug-2026
RVペーシング (バイポーラ)   532 Ω   20-Aug-2026
センシング
P波高値   2.5 mV   20-Aug-2026
R波高値   18.0 mV   20-Aug-2026
`;

export function buildRealTextCorpus(): RealTextEntry[] {
  return [
    {
      name: 'medtronic-quick-look-crt-d',
      source: GOREPORTER,
      language: 'en',
      pages: [layOutPrintedPage(1, CRT_D_PAGE_1), layOutPrintedPage(2, CRT_D_PAGE_2)],
      expected: {
        [K.longevity]: 104,
        [K.impedance('RA')]: 589,
        [K.impedance('RV')]: 608,
        [K.impedance('LV')]: 855,
        [K.hv]: 55,
        [K.threshold('RA')]: 0.75,
        [K.pulseWidth('RA')]: 0.4,
        [K.threshold('RV')]: 0.5,
        [K.pulseWidth('RV')]: 0.4,
        [K.threshold('LV')]: 2,
        [K.pulseWidth('LV')]: 0.4,
        [K.sensing('RA')]: 4.3,
        [K.episodes('VF')]: 0,
        [K.episodes('VT')]: 0,
        [K.episodes('VTNS')]: 0,
        [K.episodes('SVT')]: 0,
        [K.episodes('ATAF')]: 0,
        [K.burden]: 0,
        [K.paced('RA')]: 0.1,
        [K.shocks]: 0,
      },
    },
    {
      name: 'medtronic-quick-look-crt-p',
      source: GOREPORTER,
      language: 'en',
      pages: [layOutPrintedPage(1, CRT_P_PAGE_1)],
      expected: {
        [K.longevity]: 126,
        [K.impedance('RA')]: 475,
        [K.impedance('RV')]: 532,
        [K.impedance('LV')]: 1026,
        // Printed 0.875 V; the portal keeps thresholds to two decimals.
        [K.threshold('RV')]: 0.88,
        [K.pulseWidth('RV')]: 0.4,
        [K.threshold('LV')]: 1.25,
        [K.pulseWidth('LV')]: 0.4,
        [K.sensing('RA')]: 4.3,
        [K.episodes('ATAF')]: 0,
        [K.paced('RA')]: 0,
      },
    },
    {
      name: 'medtronic-quick-look-dr-icd',
      source: GOREPORTER,
      language: 'en',
      pages: [layOutPrintedPage(1, DR_ICD_PAGE_1), layOutPrintedPage(2, DR_ICD_PAGE_2)],
      expected: {
        [K.longevity]: 133,
        [K.impedance('RA')]: 532,
        [K.impedance('RV')]: 494,
        [K.hv]: 61,
        [K.threshold('RA')]: 0.5,
        [K.pulseWidth('RA')]: 0.4,
        [K.threshold('RV')]: 0.63,
        [K.pulseWidth('RV')]: 0.4,
        [K.sensing('RA')]: 4.4,
        [K.sensing('RV')]: 6.4,
        [K.episodes('VF')]: 0,
        [K.episodes('VT')]: 0,
        [K.episodes('VTNS')]: 8,
        [K.episodes('SVT')]: 0,
        [K.episodes('ATAF')]: 0,
        [K.paced('RV')]: 0.5,
        [K.paced('RA')]: 29,
        [K.shocks]: 0,
      },
    },
    {
      name: 'medtronic-quick-look-vr-icd-af',
      source: GOREPORTER,
      language: 'en',
      pages: [layOutPrintedPage(1, VR_ICD_PAGE_1)],
      expected: {
        [K.longevity]: 118,
        [K.impedance('RV')]: 342,
        [K.hv]: 70,
        [K.threshold('RV')]: 0.75,
        [K.pulseWidth('RV')]: 0.4,
        [K.sensing('RV')]: 8.4,
        [K.episodes('VF')]: 0,
        [K.episodes('VT')]: 0,
        [K.episodes('VTNS')]: 699,
        [K.episodes('SVT')]: 0,
        [K.episodes('ATAF')]: 5776,
        [K.burden]: 19.9,
        [K.shocks]: 0,
      },
    },
    {
      name: 'medtronic-carelink-quick-look-ii-ja',
      source: CARELINK_JA,
      language: 'ja',
      pages: [layOutPrintedPage(1, JA_PAGE_1), layOutPrintedPage(2, JA_PAGE_2)],
      expected: {
        [K.longevity]: 128,
        [K.impedance('RA')]: 380,
        [K.impedance('RV')]: 532,
        [K.threshold('RA')]: 1.5,
        [K.pulseWidth('RA')]: 0.4,
        [K.threshold('RV')]: 1,
        [K.pulseWidth('RV')]: 0.4,
        [K.sensing('RA')]: 2.5,
        [K.sensing('RV')]: 18,
        [K.episodes('ATAF')]: 0,
        [K.paced('RA')]: 62,
        [K.voltage]: 3.01,
      },
    },
  ];
}
