import { z } from 'zod';

/** Billing / coversheet modes (SPEC §3, §9): the coversheet put in front of encounter PDFs. */
export const COVERSHEET_TYPES = ['none', 'longitudinal', 'billing'] as const;
export const coversheetTypeSchema = z.enum(COVERSHEET_TYPES);
export type CoversheetType = z.infer<typeof coversheetTypeSchema>;
export const DEFAULT_COVERSHEET_TYPE: CoversheetType = 'longitudinal';
