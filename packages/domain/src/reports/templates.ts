import { z } from 'zod';

/** Document templates (SPEC §3). */
export const TEMPLATES = ['default', 'af-alert'] as const;
export const templateSchema = z.enum(TEMPLATES);
export type Template = z.infer<typeof templateSchema>;
