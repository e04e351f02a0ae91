import { z } from 'zod';

/** The userId of a clinic's clinic-wide signature settings. */
export const CLINIC_WIDE_SETTINGS_USER_ID = '0';
export const DEFAULT_REVIEW_NOTE = 'Report reviewed.';

/** Signature settings per clinic and user (SPEC §3). Prompt lists are stored newline-joined. */
export const signatureSettingsSchema = z.object({
  userId: z.string().min(1),
  crmPrompts: z.string(),
  wcdPrompts: z.string(),
  sleepPrompts: z.string(),
  abpmPrompts: z.string(),
  rpmPrompts: z.string(),
  noIssuesNote: z.string(),
  quickSignNote: z.string(),
  bulkSignNote: z.string(),
  rpmSelectByDos: z.boolean(),
  bulkSignEnabled: z.boolean(),
});
export type SignatureSettings = z.infer<typeof signatureSettingsSchema>;

/** The settings used when none are stored: every prompt list and note is 'Report reviewed.'. */
export function buildDefaultSignatureSettings(
  userId: string = CLINIC_WIDE_SETTINGS_USER_ID,
): SignatureSettings {
  return {
    userId,
    crmPrompts: DEFAULT_REVIEW_NOTE,
    wcdPrompts: DEFAULT_REVIEW_NOTE,
    sleepPrompts: DEFAULT_REVIEW_NOTE,
    abpmPrompts: DEFAULT_REVIEW_NOTE,
    rpmPrompts: DEFAULT_REVIEW_NOTE,
    noIssuesNote: DEFAULT_REVIEW_NOTE,
    quickSignNote: DEFAULT_REVIEW_NOTE,
    bulkSignNote: DEFAULT_REVIEW_NOTE,
    rpmSelectByDos: false,
    bulkSignEnabled: false,
  };
}
