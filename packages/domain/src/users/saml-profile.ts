import { z } from 'zod';
import { userRoleSchema } from './user';

export const DEFAULT_SAML_CONNECTION_NAME = 'UNKNOWN';

/** The profile a SAML sign-in delivers (SPEC §3). */
export const samlProfileSchema = z.object({
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  title: z.string().nullish(),
  suffixes: z.string().nullish(),
  email: z.string(),
  phoneNo: z.string().nullish(),
  startPage: z.string().nullish(),
  npi: z.string().nullish(),
  clinics: z.array(userRoleSchema).default([]),
  samlConnectionName: z.string().default(DEFAULT_SAML_CONNECTION_NAME),
});
export type SamlProfile = z.infer<typeof samlProfileSchema>;
