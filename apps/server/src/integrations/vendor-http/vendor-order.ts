import type { PatientGender } from '@portal/domain';

// What every study vendor's order carries (VENDOR_PROTOCOLS.md): the patient and the ordering physician.

export type VendorOrderPatient = {
  mrn: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dob: string;
  gender: PatientGender;
};

/** Zoll and InfoBionic also call the patient (a device is shipped to them). */
export type VendorOrderPatientWithPhone = VendorOrderPatient & { phone: string | null };

export type VendorOrderingPhysician = { npi: string; name: string };
