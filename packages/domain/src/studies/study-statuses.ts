import { z } from 'zod';

/** Study statuses (SPEC §3), in lifecycle order. */
export const STUDY_STATUSES = ['new', 'in-progress', 'ready-for-review', 'reviewed', 'cancelled'] as const;
export const studyStatusSchema = z.enum(STUDY_STATUSES);
export type StudyStatus = z.infer<typeof studyStatusSchema>;
