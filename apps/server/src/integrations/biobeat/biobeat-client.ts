import { STUDY_VENDOR_NAMES } from '@portal/domain';
import { z } from 'zod';
import {
  createVendorHttp,
  readVendorJson,
  refusalSentences,
  type VendorCallOptions,
  type VendorChangeOptions,
  type VendorClientOptions,
} from '../vendor-http/vendor-http';
import type { VendorOrderPatient } from '../vendor-http/vendor-order';

// The portal's client of Biobeat's ambulatory blood pressure service (VENDOR_PROTOCOLS.md, "Biobeat
// ABPM"): creates a recording session and reads it back. Readings arrive by callback
// (POST /api/vendors/biobeat/abpm-results), not through this client.

const VENDOR = STUDY_VENDOR_NAMES.abpm;

export const BIOBEAT_SESSION_STATUSES = ['created', 'recording', 'completed', 'cancelled'] as const;
export type BiobeatSessionStatus = (typeof BIOBEAT_SESSION_STATUSES)[number];

export type BiobeatSessionRequest = {
  /** The portal's study id. */
  externalId: string;
  patient: VendorOrderPatient;
  durationHours: number;
  /** When the day and the night period start, HH:MM. */
  dayStart: string;
  nightStart: string;
};

const sessionSchema = z.object({
  sessionId: z.string().min(1),
  externalId: z.string(),
  status: z.enum(BIOBEAT_SESSION_STATUSES),
});
export type BiobeatSession = z.infer<typeof sessionSchema>;

const createdSchema = sessionSchema.pick({ sessionId: true, status: true });
export type BiobeatCreatedSession = z.infer<typeof createdSchema>;

export type BiobeatClient = {
  createSession(session: BiobeatSessionRequest, options: VendorChangeOptions): Promise<BiobeatCreatedSession>;
  getSession(sessionId: string, options?: VendorCallOptions): Promise<BiobeatSession>;
};

export function createBiobeatClient(options: VendorClientOptions): BiobeatClient {
  const http = createVendorHttp({ ...options, vendor: VENDOR });

  return {
    async createSession(session, { idempotencyKey, signal }) {
      const { patient } = session;
      const answer = await http.request({
        method: 'POST',
        path: '/api/v1/abpm/sessions',
        json: {
          externalId: session.externalId,
          patient: {
            mrn: patient.mrn,
            firstName: patient.firstName,
            lastName: patient.lastName,
            dob: patient.dob,
            gender: patient.gender,
          },
          durationHours: session.durationHours,
          dayStart: session.dayStart,
          nightStart: session.nightStart,
        },
        idempotencyKey,
        signal,
      });
      return readVendorJson(VENDOR, createdSchema, answer);
    },

    async getSession(sessionId, { signal } = {}) {
      const answer = await http.request({
        method: 'GET',
        path: `/api/v1/abpm/sessions/${encodeURIComponent(sessionId)}`,
        signal,
        describeRefusal: refusalSentences({
          statuses: { 404: `${VENDOR} does not know session ${sessionId}.` },
        }),
      });
      return readVendorJson(VENDOR, sessionSchema, answer);
    },
  };
}
