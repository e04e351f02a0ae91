import { PATIENT_GENDERS } from '@portal/domain';
import { z } from 'zod';

// The fields the vendors' order bodies share (VENDOR_PROTOCOLS.md): the patient and the ordering physician.
// A vendor refuses a body that lacks one, with a 400 naming the field.

const textError = (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text');

export function requiredText(max: number) {
  return z
    .string({ error: textError })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });
}

export const npiField = z.string({ error: textError }).regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' });

export const dobField = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

export const genderField = z.enum(PATIENT_GENDERS, { error: `must be one of ${PATIENT_GENDERS.join(', ')}` });

export function wholeNumber(min: number, max: number, unit: string) {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

export const orderingPhysicianSchema = z.object(
  { npi: npiField, name: requiredText(200) },
  { error: 'is required' },
);

const patientFields = {
  mrn: requiredText(100),
  firstName: requiredText(100),
  lastName: requiredText(100),
  dob: dobField,
  gender: genderField,
};

/** Zoll's and InfoBionic's patient: with a phone number, or null. */
export const patientWithPhoneSchema = z.object(
  {
    ...patientFields,
    phone: z.string({ error: 'is required: text or null' }).max(40).nullable(),
  },
  { error: 'is required' },
);

/** Biobeat's patient: no phone. */
export const patientSchema = z.object(patientFields, { error: 'is required' });

export type OrderPatient = z.infer<typeof patientSchema> & { phone?: string | null };
export type OrderingPhysician = z.infer<typeof orderingPhysicianSchema>;
