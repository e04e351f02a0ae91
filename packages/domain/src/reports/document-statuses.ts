import { z } from 'zod';

/** Document statuses (SPEC §4). 'signing' and 'acknowledging' are transient, shown while a call runs. */
export const DOCUMENT_STATUSES = [
  'unsigned',
  'acknowledging',
  'acknowledged',
  'signing',
  'signed',
  'error',
  'draft',
  'unknown',
] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;
