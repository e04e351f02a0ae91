import { buildReportPdf, type ReportSection } from '../vendor-common/report-pdf';
import { seededRandom } from '../vendor-common/seeded-random';

// A finished monitoring study's summary (VENDOR_PROTOCOLS.md, "InfoBionic MoMe"): plausible numbers that are
// the same every time for the same enrollment id, and its report as a real PDF.

export const INFOBIONIC_STUDY_TYPES = ['HOLTER', 'EXTENDED_HOLTER', 'EVENT', 'MCT'] as const;
export type InfoBionicStudyType = (typeof INFOBIONIC_STUDY_TYPES)[number];

/** The portal's document type for each study type's results (the domain's WCD_STUDY_DOCUMENT_TYPES). */
export const INFOBIONIC_DOCUMENT_TYPES: Readonly<Record<InfoBionicStudyType, string>> = {
  HOLTER: 'holter-study',
  EXTENDED_HOLTER: 'extended-holter-study',
  EVENT: 'we-study',
  MCT: 'mcot-study',
};

const REPORT_TITLES: Readonly<Record<InfoBionicStudyType, string>> = {
  HOLTER: 'Holter Report',
  EXTENDED_HOLTER: 'Extended Holter Report',
  EVENT: 'Event Monitor Report',
  MCT: 'Mobile Cardiac Telemetry Report',
};

export type InfoBionicResults = {
  heartRate: { min: number; mean: number; max: number };
  analysableHours: number;
  ectopy: { pvcBurdenPercent: number; pacBurdenPercent: number };
  afBurdenPercent: number;
  pauses: { count: number; longestSeconds: number | null };
  patientTriggeredEvents: number;
};

export function summarizeInfoBionicStudy(enrollmentId: string, durationDays: number): InfoBionicResults {
  const random = seededRandom(`infobionic:${enrollmentId}`);
  const pauseCount = random.chance(0.6) ? random.integer(0, 1) : random.integer(1, 6);
  return {
    heartRate: { min: random.integer(40, 58), mean: random.integer(62, 84), max: random.integer(110, 165) },
    analysableHours: Math.round(durationDays * 24 * random.between(0.88, 0.99, 3) * 10) / 10,
    ectopy: { pvcBurdenPercent: random.between(0, 8), pacBurdenPercent: random.between(0, 4) },
    afBurdenPercent: random.chance(0.65) ? 0 : random.between(0.1, 35),
    pauses: { count: pauseCount, longestSeconds: pauseCount === 0 ? null : random.between(2, 4.8) },
    patientTriggeredEvents: random.integer(0, 3 + durationDays),
  };
}

export type InfoBionicReportEnrollment = {
  enrollmentId: string;
  referenceId: string;
  clinicNpi: string;
  studyType: InfoBionicStudyType;
  durationDays: number;
  patient: { mrn: string; firstName: string; lastName: string; dob: string; gender: string };
  orderingPhysician: { npi: string; name: string };
  completedAt: string;
  results: InfoBionicResults;
};

export function buildInfoBionicReport(enrollment: InfoBionicReportEnrollment): Promise<Uint8Array> {
  const { results, patient } = enrollment;
  const random = seededRandom(`infobionic-report:${enrollment.enrollmentId}`);
  const dailyLines: ReportSection['lines'] = Array.from({ length: enrollment.durationDays }, (_, day) => ({
    label: `Day ${day + 1}`,
    value:
      `HR ${random.integer(results.heartRate.min, results.heartRate.mean)}-` +
      `${random.integer(results.heartRate.mean, results.heartRate.max)} bpm, ` +
      `PVC ${random.between(0, results.ectopy.pvcBurdenPercent * 1.5).toFixed(1)}%`,
  }));
  return buildReportPdf({
    title: REPORT_TITLES[enrollment.studyType],
    vendor: 'InfoBionic MoMe Kardia (simulated)',
    createdAt: new Date(enrollment.completedAt),
    parts: [
      [
        {
          heading: 'Enrollment',
          lines: [
            { label: 'Enrollment ID', value: enrollment.enrollmentId },
            { label: 'Reference', value: enrollment.referenceId },
            { label: 'Clinic NPI', value: enrollment.clinicNpi },
            { label: 'Study type', value: enrollment.studyType },
            { label: 'Duration (days)', value: String(enrollment.durationDays) },
            { label: 'Completed', value: enrollment.completedAt },
          ],
        },
        {
          heading: 'Patient',
          lines: [
            { label: 'Name', value: `${patient.lastName}, ${patient.firstName}` },
            { label: 'MRN', value: patient.mrn },
            { label: 'Date of birth', value: patient.dob },
            {
              label: 'Ordering physician',
              value: `${enrollment.orderingPhysician.name} (NPI ${enrollment.orderingPhysician.npi})`,
            },
          ],
        },
        {
          heading: 'Summary',
          lines: [
            {
              label: 'Heart rate min / mean / max',
              value: `${results.heartRate.min} / ${results.heartRate.mean} / ${results.heartRate.max} bpm`,
            },
            { label: 'Analysable hours', value: results.analysableHours.toFixed(1) },
            { label: 'PVC burden', value: `${results.ectopy.pvcBurdenPercent.toFixed(1)}%` },
            { label: 'PAC burden', value: `${results.ectopy.pacBurdenPercent.toFixed(1)}%` },
            { label: 'AF burden', value: `${results.afBurdenPercent.toFixed(1)}%` },
            {
              label: 'Pauses',
              value:
                results.pauses.longestSeconds === null
                  ? 'none'
                  : `${results.pauses.count}, longest ${results.pauses.longestSeconds.toFixed(1)} s`,
            },
            { label: 'Patient-triggered events', value: String(results.patientTriggeredEvents) },
          ],
        },
      ],
      [
        { heading: 'Daily trends', lines: dailyLines },
        {
          heading: 'Interpretation',
          lines: [
            'Preliminary findings by an InfoBionic certified cardiographic technician.',
            'Final interpretation by the reading physician.',
          ],
        },
      ],
    ],
  });
}
