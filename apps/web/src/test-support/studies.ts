import type {
  AbpmStudyResults,
  SleepStudyResults,
  StudyResource,
  StudySuite,
  WcdStudyResults,
} from '@portal/domain';
import { CLINIC } from './render-as';

// Studies as the API answers them (the studies contract), for the study screens' and the inbox's tests.

export const PATIENT_REF = '5b0c3f0e-9d6a-4a44-8d0e-1f2a3b4c5d6e';
/** A valid NPI (Luhn over 80840 and the first nine digits). */
export const PHYSICIAN_NPI = '1234567893';

let next = 0;
/** A study id: a version-4 UUID, as the routes' parameters require. */
export function studyId(): string {
  next += 1;
  return `7a1b2c3d-0000-4000-8000-${String(next).padStart(12, '0')}`;
}

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T14:30:00.000Z`;

/** A study of the suite, new and not sent, with what a test changes. */
export function studyResource(
  suite: StudySuite,
  changes: Partial<StudyResource['attributes']> = {},
  id = studyId(),
): StudyResource {
  return {
    id,
    attributes: {
      clinicNpi: CLINIC.npi,
      patientId: PATIENT_REF,
      patientName: 'Henrietta Quill',
      patientMrn: 'P900103',
      suite,
      studyType: suite === 'wcd' ? 'Holter' : null,
      status: 'new',
      orderingPhysicianNpi: PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr. Nina Okafor',
      startDate: null,
      duration: suite === 'sleep' ? 2 : suite === 'wcd' ? 14 : 24,
      notes: '',
      vendorReference: null,
      push: { state: 'not-sent', error: null, at: null },
      results: null,
      documentId: null,
      statusHistory: [{ from: null, to: 'new', at: at(2), actorName: 'Test nurse', source: 'user' }],
      createdAt: at(2),
      updatedAt: at(2),
      ...changes,
    },
  };
}

export const SLEEP_RESULTS: SleepStudyResults = {
  suite: 'sleep',
  ahi: 18.24,
  pahi: 16.9,
  remAhi: null,
  nremAhi: 15.1,
  odi: 12.4,
  spo2Nadir: 84,
  totalSleepTimeMinutes: 412,
  scoredAt: '2026-03-06T09:00:00.000Z',
};

export const WCD_RESULTS: WcdStudyResults = {
  suite: 'wcd',
  heartRate: { min: 48, mean: 72.4, max: 131 },
  analysableHours: 322.5,
  ectopy: { pvcBurdenPercent: 4.26, pacBurdenPercent: 0.8 },
  afBurdenPercent: 1.2,
  pauses: { count: 3, longestSeconds: 2.84 },
  patientTriggeredEvents: 5,
};

export const ABPM_RESULTS: AbpmStudyResults = {
  suite: 'abpm',
  periods: {
    day: { mean: { systolic: 142, diastolic: 84 }, readingCount: 40, aboveThresholdCount: 22 },
    night: { mean: { systolic: 118, diastolic: 69 }, readingCount: 12, aboveThresholdCount: 3 },
    '24h': { mean: { systolic: 136, diastolic: 80 }, readingCount: 52, aboveThresholdCount: 25 },
  },
  dipping: { percent: 16.9, category: 'dipper' },
};
