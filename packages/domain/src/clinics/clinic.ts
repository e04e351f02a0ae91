import { z } from 'zod';
import { isValidNpi } from '../common/npi';
import { clinicWorkflowSchema } from './clinic-settings';
import { clinicFeatureFlagSchema } from './feature-flags';

export const INVALID_NPI_MESSAGE = 'NPI must be 10 digits with a valid check digit';

export const npiSchema = z.string().refine(isValidNpi, { message: INVALID_NPI_MESSAGE });

/** A clinic as stored (SPEC §3). */
export const clinicSchema = z.object({
  id: z.string(),
  npi: z.string(),
  code: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  samlConnectionName: z.string().nullish(),
  featureFlags: z.array(clinicFeatureFlagSchema),
  workflows: z.array(clinicWorkflowSchema),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  updatedBy: z.string().nullish(),
});
export type Clinic = z.infer<typeof clinicSchema>;

/** The create/update payload of organizations (SPEC §7). */
export const clinicInputSchema = z.object({
  npi: npiSchema,
  name: z.string().trim().min(1),
  code: z.string().trim().min(1),
  isActive: z.boolean().default(true),
  samlConnectionName: z.string().nullish(),
  featureFlags: z.array(clinicFeatureFlagSchema).default([]),
  workflows: z.array(clinicWorkflowSchema).default([]),
});
export type ClinicInput = z.infer<typeof clinicInputSchema>;
