import { z } from 'zod';

/** Study types (SPEC §3). */
export const STUDY_TYPES = ['Holter', 'Ext Holter', 'Event', 'MCT'] as const;
export const studyTypeSchema = z.enum(STUDY_TYPES);
export type StudyType = z.infer<typeof studyTypeSchema>;
