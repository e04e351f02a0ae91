import { STUDY_VENDOR_NAMES, type StudyType } from '@portal/domain';
import { z } from 'zod';
import {
  createVendorHttp,
  readVendorJson,
  refusalSentences,
  type VendorCallOptions,
  type VendorChangeOptions,
  type VendorClientOptions,
} from '../vendor-http/vendor-http';
import type { VendorOrderingPhysician, VendorOrderPatientWithPhone } from '../vendor-http/vendor-order';

// The portal's client of InfoBionic MoMe wearable cardiac monitoring (VENDOR_PROTOCOLS.md, "InfoBionic
// MoMe"): enrolls a patient for a study, reads the enrollment back and cancels it. Results arrive by
// callback (POST /api/reports/wcd), not through this client.

const VENDOR = STUDY_VENDOR_NAMES.wcd;

/** InfoBionic's name for each of the portal's study types (SPEC §3). */
export const INFOBIONIC_STUDY_TYPES = {
  Holter: 'HOLTER',
  'Ext Holter': 'EXTENDED_HOLTER',
  Event: 'EVENT',
  MCT: 'MCT',
} as const satisfies Record<StudyType, string>;
export type InfoBionicStudyType = (typeof INFOBIONIC_STUDY_TYPES)[StudyType];

export const INFOBIONIC_ENROLLMENT_STATUSES = ['enrolled', 'monitoring', 'completed', 'cancelled'] as const;
export type InfoBionicEnrollmentStatus = (typeof INFOBIONIC_ENROLLMENT_STATUSES)[number];

export type InfoBionicEnrollmentRequest = {
  /** The portal's study id. */
  referenceId: string;
  clinicNpi: string;
  /** The portal's study type; sent as InfoBionic names it (INFOBIONIC_STUDY_TYPES). */
  studyType: StudyType;
  durationDays: number;
  patient: VendorOrderPatientWithPhone;
  orderingPhysician: VendorOrderingPhysician;
};

const enrollmentSchema = z.object({
  enrollmentId: z.string().min(1),
  referenceId: z.string(),
  status: z.enum(INFOBIONIC_ENROLLMENT_STATUSES),
});
export type InfoBionicEnrollment = z.infer<typeof enrollmentSchema>;

const enrolledSchema = enrollmentSchema.pick({ enrollmentId: true, status: true });
export type InfoBionicEnrolled = z.infer<typeof enrolledSchema>;

export type InfoBionicClient = {
  enroll(enrollment: InfoBionicEnrollmentRequest, options: VendorChangeOptions): Promise<InfoBionicEnrolled>;
  getEnrollment(enrollmentId: string, options?: VendorCallOptions): Promise<InfoBionicEnrollment>;
  cancelEnrollment(enrollmentId: string, options: VendorChangeOptions): Promise<InfoBionicEnrollment>;
};

export function createInfoBionicClient(options: VendorClientOptions): InfoBionicClient {
  const http = createVendorHttp({ ...options, vendor: VENDOR });
  const enrollmentPath = (enrollmentId: string) => `/v2/enrollments/${encodeURIComponent(enrollmentId)}`;
  const unknownEnrollment = (enrollmentId: string) =>
    refusalSentences({ statuses: { 404: `${VENDOR} does not know enrollment ${enrollmentId}.` } });

  return {
    async enroll(enrollment, { idempotencyKey, signal }) {
      const { patient, orderingPhysician } = enrollment;
      const answer = await http.request({
        method: 'POST',
        path: '/v2/enrollments',
        json: {
          referenceId: enrollment.referenceId,
          clinicNpi: enrollment.clinicNpi,
          studyType: INFOBIONIC_STUDY_TYPES[enrollment.studyType],
          durationDays: enrollment.durationDays,
          patient: {
            mrn: patient.mrn,
            firstName: patient.firstName,
            lastName: patient.lastName,
            dob: patient.dob,
            gender: patient.gender,
            phone: patient.phone,
          },
          orderingPhysician: { npi: orderingPhysician.npi, name: orderingPhysician.name },
        },
        idempotencyKey,
        signal,
      });
      return readVendorJson(VENDOR, enrolledSchema, answer);
    },

    async getEnrollment(enrollmentId, { signal } = {}) {
      const answer = await http.request({
        method: 'GET',
        path: enrollmentPath(enrollmentId),
        signal,
        describeRefusal: unknownEnrollment(enrollmentId),
      });
      return readVendorJson(VENDOR, enrollmentSchema, answer);
    },

    async cancelEnrollment(enrollmentId, { idempotencyKey, signal }) {
      const answer = await http.request({
        method: 'POST',
        path: `${enrollmentPath(enrollmentId)}/cancel`,
        idempotencyKey,
        signal,
        describeRefusal: unknownEnrollment(enrollmentId),
      });
      return readVendorJson(VENDOR, enrollmentSchema, answer);
    },
  };
}
