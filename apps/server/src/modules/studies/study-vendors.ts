import type { StudyType } from '@portal/domain';

// What the studies module needs of each vendor's client (apps/server/src/integrations/<vendor>/). An unset
// vendor is one the portal is not configured for: pushing to it fails with a sentence saying so.

export type VendorCallOptions = { idempotencyKey?: string; signal?: AbortSignal };

export type ZollPort = {
  orderStudy(
    officeId: string,
    order: {
      orderId: string;
      patient: VendorPatient & { phone: string | null };
      orderingPhysician: { npi: string; name: string };
      nights: number;
    },
    options: VendorCallOptions & { idempotencyKey: string },
  ): Promise<{ studyId: string; status: string }>;
  getStudy(
    studyId: string,
    options?: VendorCallOptions,
  ): Promise<{ studyId: string; status: string; updatedAt: string; results: ZollResults | null }>;
  getReport(studyId: string, options?: VendorCallOptions): Promise<Uint8Array>;
  cancelStudy(studyId: string, options: VendorCallOptions & { idempotencyKey: string }): Promise<unknown>;
};

export type ZollResults = {
  ahi: number;
  pahi: number;
  remAhi: number | null;
  nremAhi: number | null;
  odi: number;
  spo2Nadir: number;
  totalSleepTimeMinutes: number;
  scoredAt: string;
};

export type VendorPatient = {
  mrn: string;
  firstName: string;
  lastName: string;
  dob: string | null;
  gender: string;
};

export type InfoBionicPort = {
  enroll(
    enrollment: {
      referenceId: string;
      clinicNpi: string;
      /** The portal's study type; the client sends InfoBionic's name for it. */
      studyType: StudyType;
      durationDays: number;
      patient: VendorPatient & { phone: string | null };
      orderingPhysician: { npi: string; name: string };
    },
    options: VendorCallOptions & { idempotencyKey: string },
  ): Promise<{ enrollmentId: string; status: string }>;
  cancelEnrollment(
    enrollmentId: string,
    options: VendorCallOptions & { idempotencyKey: string },
  ): Promise<unknown>;
};

export type BiobeatPort = {
  createSession(
    session: {
      externalId: string;
      patient: VendorPatient;
      durationHours: number;
      dayStart: string;
      nightStart: string;
    },
    options: VendorCallOptions & { idempotencyKey: string },
  ): Promise<{ sessionId: string; status: string }>;
};

export type StudyVendors = {
  zoll?: ZollPort | undefined;
  infobionic?: InfoBionicPort | undefined;
  biobeat?: BiobeatPort | undefined;
};

/** Work for a vendor the portal has no settings for: the push fails, saying which variables to set. */
export class VendorNotConfiguredError extends Error {
  override name = 'VendorNotConfiguredError';
  constructor(vendor: string, variable: string) {
    super(`The portal is not connected to ${vendor}: ${variable} is not set.`);
  }
}
