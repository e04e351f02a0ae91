import { STUDY_VENDOR_NAMES, sleepStudyResultsSchema } from '@portal/domain';
import { z } from 'zod';
import { VendorResponseError } from '../vendor-http/vendor-errors';
import {
  createVendorHttp,
  readVendorJson,
  refusalSentences,
  type VendorCallOptions,
  type VendorChangeOptions,
  type VendorClientOptions,
  type VendorHttp,
} from '../vendor-http/vendor-http';
import type { VendorOrderingPhysician, VendorOrderPatientWithPhone } from '../vendor-http/vendor-order';

// The portal's client of Zoll's home sleep test service (VENDOR_PROTOCOLS.md, "Zoll home sleep test"):
// orders a study for a clinic's office, reads it back with its results once scored, fetches the scored
// report and cancels. Errors are those of vendor-http, with sentences for the refusals Zoll documents.

const VENDOR = STUDY_VENDOR_NAMES.sleep;

export const ZOLL_STUDY_STATUSES = [
  'ordered',
  'device-shipped',
  'in-progress',
  'scored',
  'cancelled',
] as const;
export type ZollStudyStatus = (typeof ZOLL_STUDY_STATUSES)[number];

export type ZollStudyOrder = {
  /** The portal's study id. */
  orderId: string;
  patient: VendorOrderPatientWithPhone;
  orderingPhysician: VendorOrderingPhysician;
  nights: number;
};

// The domain's sleep results without the suite tag: what Zoll sends is what a study keeps.
const resultsSchema = sleepStudyResultsSchema.omit({ suite: true });
/** A scored study's results: events per hour, %, minutes. */
export type ZollSleepResults = z.infer<typeof resultsSchema>;

const studySchema = z.object({
  studyId: z.string().min(1),
  orderId: z.string(),
  status: z.enum(ZOLL_STUDY_STATUSES),
  updatedAt: z.string(),
  results: resultsSchema.nullable(),
});
export type ZollStudy = z.infer<typeof studySchema>;

const orderAnswerSchema = studySchema.pick({ studyId: true, status: true, updatedAt: true });
export type ZollOrderedStudy = z.infer<typeof orderAnswerSchema>;

export type ZollClient = {
  /** Orders a home sleep test at the clinic's Zoll office (its 'sleep global office id'). */
  orderStudy(
    officeId: string,
    order: ZollStudyOrder,
    options: VendorChangeOptions,
  ): Promise<ZollOrderedStudy>;
  getStudy(studyId: string, options?: VendorCallOptions): Promise<ZollStudy>;
  /** The scored report's PDF; VendorRejectedError (404) before the study is scored. */
  getReport(studyId: string, options?: VendorCallOptions): Promise<Uint8Array>;
  /** Cancels the study; VendorRejectedError (409 study_completed) once it is scored. */
  cancelStudy(studyId: string, options: VendorChangeOptions): Promise<ZollStudy>;
};

export function createZollClient(options: VendorClientOptions): ZollClient {
  const http: VendorHttp = createVendorHttp({ ...options, vendor: VENDOR });
  const studyPath = (studyId: string) => `/hst/v1/studies/${encodeURIComponent(studyId)}`;

  return {
    async orderStudy(officeId, order, { idempotencyKey, signal }) {
      const { patient, orderingPhysician } = order;
      const answer = await http.request({
        method: 'POST',
        path: `/hst/v1/offices/${encodeURIComponent(officeId)}/studies`,
        json: {
          orderId: order.orderId,
          patient: {
            mrn: patient.mrn,
            firstName: patient.firstName,
            lastName: patient.lastName,
            dob: patient.dob,
            gender: patient.gender,
            phone: patient.phone,
          },
          orderingPhysician: { npi: orderingPhysician.npi, name: orderingPhysician.name },
          nights: order.nights,
        },
        idempotencyKey,
        signal,
        describeRefusal: refusalSentences({
          codes: {
            office_not_found: `${VENDOR} does not know office '${officeId}': check the clinic's Sleep-study vendor office ID setting.`,
          },
        }),
      });
      return readVendorJson(VENDOR, orderAnswerSchema, answer);
    },

    async getStudy(studyId, { signal } = {}) {
      const answer = await http.request({
        method: 'GET',
        path: studyPath(studyId),
        signal,
        describeRefusal: refusalSentences({ statuses: { 404: `${VENDOR} does not know study ${studyId}.` } }),
      });
      return readVendorJson(VENDOR, studySchema, answer);
    },

    async getReport(studyId, { signal } = {}) {
      const answer = await http.request({
        method: 'GET',
        path: `${studyPath(studyId)}/report`,
        accept: 'application/pdf',
        signal,
        describeRefusal: refusalSentences({
          statuses: { 404: `${VENDOR} has no scored report for study ${studyId} yet.` },
        }),
      });
      if (!answer.bytes || !isPdf(answer.bytes)) {
        throw new VendorResponseError({
          vendor: VENDOR,
          status: answer.status,
          detail: 'a report that is not a PDF',
        });
      }
      return answer.bytes;
    },

    async cancelStudy(studyId, { idempotencyKey, signal }) {
      const answer = await http.request({
        method: 'POST',
        path: `${studyPath(studyId)}/cancel`,
        idempotencyKey,
        signal,
        describeRefusal: refusalSentences({
          codes: { study_completed: `${VENDOR} cannot cancel study ${studyId}: it has already been scored.` },
          statuses: { 404: `${VENDOR} does not know study ${studyId}.` },
        }),
      });
      return readVendorJson(VENDOR, studySchema, answer);
    },
  };
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}
