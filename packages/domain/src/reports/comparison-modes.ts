import { z } from 'zod';

/** How longitudinal values are compared (SPEC §3). */
export const COMPARISON_MODES = ['percentage', 'difference'] as const;
export const comparisonModeSchema = z.enum(COMPARISON_MODES);
export type ComparisonMode = z.infer<typeof comparisonModeSchema>;
