import { z } from 'zod';

/** Service lines (SPEC §3). 'any' is the inbox filter value meaning "every service line". */
export const SERVICE_LINES = ['any', 'rpm', 'crm', 'sleep', 'abpm', 'wcd'] as const;
export const serviceLineSchema = z.enum(SERVICE_LINES);
export type ServiceLine = z.infer<typeof serviceLineSchema>;
