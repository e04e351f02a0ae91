import { buildReportPdf } from '../vendor-common/report-pdf';
import { seededRandom } from '../vendor-common/seeded-random';

// A scored home sleep test: plausible numbers that are the same every time for the same study id, and the
// report Zoll's scorers would sign off, as a real PDF.

export type ZollResults = {
  /** Events per hour. */
  ahi: number;
  pahi: number;
  remAhi: number;
  nremAhi: number;
  odi: number;
  /** %. */
  spo2Nadir: number;
  totalSleepTimeMinutes: number;
  scoredAt: string;
};

const SEVERITY_BANDS = [
  { upTo: 0.25, min: 1, max: 4.9 },
  { upTo: 0.55, min: 5, max: 14.9 },
  { upTo: 0.8, min: 15, max: 29.9 },
  { upTo: 1, min: 30, max: 68 },
] as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

export function scoreZollStudy(studyId: string, scoredAt: string): ZollResults {
  const random = seededRandom(`zoll:${studyId}`);
  const band = SEVERITY_BANDS.find((each) => random.next() <= each.upTo) ?? SEVERITY_BANDS[0];
  const ahi = random.between(band.min, band.max);
  return {
    ahi,
    pahi: round1(ahi * random.between(0.92, 1.08, 2)),
    remAhi: round1(ahi * random.between(1.1, 1.9, 2)),
    nremAhi: round1(ahi * random.between(0.6, 0.95, 2)),
    odi: round1(ahi * random.between(0.75, 1.15, 2)),
    spo2Nadir: Math.max(62, Math.min(94, Math.round(93 - ahi * 0.4 + random.between(-3, 3, 0)))),
    totalSleepTimeMinutes: random.integer(300, 470),
    scoredAt,
  };
}

/** The AASM's adult severity of an AHI. */
export function apneaSeverity(ahi: number): string {
  if (ahi < 5) return 'None / minimal';
  if (ahi < 15) return 'Mild';
  if (ahi < 30) return 'Moderate';
  return 'Severe';
}

export type ZollReportStudy = {
  studyId: string;
  orderId: string;
  officeId: string;
  nights: number;
  patient: { mrn: string; firstName: string; lastName: string; dob: string; gender: string };
  orderingPhysician: { npi: string; name: string };
  results: ZollResults;
};

export function buildZollReport(study: ZollReportStudy): Promise<Uint8Array> {
  const { results, patient } = study;
  const random = seededRandom(`zoll-report:${study.studyId}`);
  const hours = results.totalSleepTimeMinutes / 60;
  const events = Math.round(results.ahi * hours);
  const obstructive = Math.round(events * random.between(0.6, 0.9, 2));
  const central = Math.round((events - obstructive) * random.between(0.2, 0.6, 2));
  const hypopneas = events - obstructive - central;
  return buildReportPdf({
    title: 'Home Sleep Test Report',
    vendor: 'ZOLL Itamar - WatchPAT home sleep test (simulated)',
    createdAt: new Date(results.scoredAt),
    parts: [
      [
        {
          heading: 'Study',
          lines: [
            { label: 'Study ID', value: study.studyId },
            { label: 'Order ID', value: study.orderId },
            { label: 'Office', value: study.officeId },
            { label: 'Nights', value: String(study.nights) },
            { label: 'Scored', value: results.scoredAt },
          ],
        },
        {
          heading: 'Patient',
          lines: [
            { label: 'Name', value: `${patient.lastName}, ${patient.firstName}` },
            { label: 'MRN', value: patient.mrn },
            { label: 'Date of birth', value: patient.dob },
            { label: 'Gender', value: patient.gender },
            {
              label: 'Ordering physician',
              value: `${study.orderingPhysician.name} (NPI ${study.orderingPhysician.npi})`,
            },
          ],
        },
        {
          heading: 'Results',
          lines: [
            { label: 'AHI (events/h)', value: results.ahi.toFixed(1) },
            { label: 'pAHI (events/h)', value: results.pahi.toFixed(1) },
            { label: 'REM AHI (events/h)', value: results.remAhi.toFixed(1) },
            { label: 'NREM AHI (events/h)', value: results.nremAhi.toFixed(1) },
            { label: 'ODI (events/h)', value: results.odi.toFixed(1) },
            { label: 'SpO2 nadir (%)', value: String(results.spo2Nadir) },
            { label: 'Total sleep time (min)', value: String(results.totalSleepTimeMinutes) },
            { label: 'Severity (AHI)', value: apneaSeverity(results.ahi) },
          ],
        },
      ],
      [
        {
          heading: 'Respiratory events',
          lines: [
            { label: 'Total events', value: String(events) },
            { label: 'Obstructive apneas', value: String(obstructive) },
            { label: 'Central apneas', value: String(central) },
            { label: 'Hypopneas', value: String(Math.max(0, hypopneas)) },
            {
              label: 'Supine AHI (events/h)',
              value: round1(results.ahi * random.between(1.1, 1.6, 2)).toFixed(1),
            },
            {
              label: 'Non-supine AHI (events/h)',
              value: round1(results.ahi * random.between(0.5, 0.9, 2)).toFixed(1),
            },
          ],
        },
        {
          heading: 'Oximetry',
          lines: [
            { label: 'Mean SpO2 (%)', value: String(random.integer(93, 97)) },
            { label: 'SpO2 nadir (%)', value: String(results.spo2Nadir) },
            { label: 'Time below 90% (min)', value: random.between(0, results.ahi * 1.5).toFixed(1) },
            { label: 'ODI 4% (events/h)', value: results.odi.toFixed(1) },
          ],
        },
        {
          heading: 'Heart rate',
          lines: [
            { label: 'Minimum (bpm)', value: String(random.integer(44, 58)) },
            { label: 'Mean (bpm)', value: String(random.integer(58, 72)) },
            { label: 'Maximum (bpm)', value: String(random.integer(88, 118)) },
          ],
        },
      ],
      [
        {
          heading: 'Interpretation',
          lines: [
            'Automated scoring by the PAT algorithm, reviewed by a registered sleep technologist.',
            'This report awaits the interpreting physician. The findings above are the scored values;',
            "the diagnosis and treatment plan are the physician's.",
            '',
            'Interpreting physician: ______________________________    Date: ______________',
          ],
        },
      ],
    ],
  });
}
