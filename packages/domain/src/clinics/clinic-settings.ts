import { z } from 'zod';
import { DEFAULT_CLINIC_TIME_ZONE } from './clinic-time-zone';
import { DEFAULT_COVERSHEET_TYPE } from './coversheet-types';

/** How a setting's stored string is read (SPEC §3). */
export const SETTING_VALUE_TYPES = ['integer', 'string', 'enum:none|longitudinal|billing'] as const;
export const settingValueTypeSchema = z.enum(SETTING_VALUE_TYPES);
export type SettingValueType = z.infer<typeof settingValueTypeSchema>;

/** Clinic settings keys (SPEC §3), camelCase. */
export const CLINIC_SETTING_NAMES = [
  'assignAlertsToPrimary',
  'hideDosOnSign',
  'assignReportsToUnassigned',
  'replaceDosWithDateOfSignature',
  'emrPdfMaxPageLength',
  'uploadAlertsToEmr',
  'pdfProviderNote',
  'signatureLabel',
  'footerText',
  'encounterCoversheetType',
  'supportEmails',
  'sleepGlobalOfficeId',
  'referringAndInterpretingPhysician',
  'enableBulkSigning',
  // Issue 17: review deadlines, escalation and expected transmissions.
  'reviewWindowHighHours',
  'reviewWindowMediumHours',
  'reviewWindowLowHours',
  'reviewWindowRoutineHours',
  'reviewBusinessHours',
  'escalationContacts',
  'transmissionScheduleCiedDays',
  'transmissionScheduleIlrDays',
  'transmissionScheduleRpmDays',
  'transmissionGraceDays',
  // Issue 28: the clinic's IANA time zone (local times without a zone are read in it).
  'clinicTimeZone',
] as const;
export type ClinicSettingName = (typeof CLINIC_SETTING_NAMES)[number];

/** A global setting default ("workflow"): a flag default plus a typed value stored as a string. */
export const workflowDefaultSchema = z.object({
  name: z.string().min(1),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  valueType: settingValueTypeSchema,
  value: z.string().nullable(),
});
export type WorkflowDefault = z.infer<typeof workflowDefaultSchema>;

/** A clinic's own value for a setting; a missing or null value keeps the default's value. */
export const clinicWorkflowSchema = z.object({
  name: z.string().min(1),
  enabled: z.boolean(),
  value: z.string().nullish(),
});
export type ClinicWorkflow = z.infer<typeof clinicWorkflowSchema>;

// Clinic defaults of SPEC §9.
export const DEFAULT_EMR_PDF_MAX_PAGE_LENGTH = 25;
export const DEFAULT_PDF_PROVIDER_NOTE = 'Provider Note';
export const DEFAULT_SIGNATURE_LABEL = 'Reviewed by:';
export const DEFAULT_FOOTER_TEXT = '';
/** SPEC says support-email defaults exist but not which; comma-separated. */
export const DEFAULT_SUPPORT_EMAILS = 'support@portal.example';
export const DEFAULT_BULK_SIGNING_ENABLED = true;

/** The whole numbers a numeric setting accepts, inclusive. */
export type SettingRange = { min: number; max: number };

/**
 * Ranges of the built-in numeric settings. The server refuses a value outside them (422 naming the
 * field) and reads a stored one as the default; the web shows them beside the field.
 */
export const SETTING_RANGES = {
  // A cut PDF needs at least one page; 500 pages is beyond any EMR's upload limit.
  emrPdfMaxPageLength: { min: 1, max: 500 },
  // A review window of an hour to a year; schedules of a day to ten years; a grace of up to a year.
  reviewWindowHighHours: { min: 1, max: 8760 },
  reviewWindowMediumHours: { min: 1, max: 8760 },
  reviewWindowLowHours: { min: 1, max: 8760 },
  reviewWindowRoutineHours: { min: 1, max: 8760 },
  transmissionScheduleCiedDays: { min: 1, max: 3650 },
  transmissionScheduleIlrDays: { min: 1, max: 3650 },
  transmissionScheduleRpmDays: { min: 1, max: 3650 },
  transmissionGraceDays: { min: 0, max: 365 },
} as const satisfies Partial<Record<ClinicSettingName, SettingRange>>;

/** Any other integer setting (a default an administrator adds): a whole number from 0 to 1,000,000. */
export const DEFAULT_INTEGER_SETTING_RANGE: SettingRange = { min: 0, max: 1_000_000 };

/** The range of a setting, by name and value type; null for settings that are not numbers. */
export function findSettingRange(name: string, valueType: string): SettingRange | null {
  if (valueType !== 'integer') return null;
  return Object.hasOwn(SETTING_RANGES, name)
    ? SETTING_RANGES[name as keyof typeof SETTING_RANGES]
    : DEFAULT_INTEGER_SETTING_RANGE;
}

/** Issue 17's settings: review windows (hours), working hours, escalation contacts, transmission schedules. */
export const REVIEW_AND_TRANSMISSION_DEFAULTS = [
  {
    name: 'reviewWindowHighHours',
    title: 'Review time for high alerts (hours)',
    description: 'A high alert is due for review this many hours after it arrives; then it is escalated.',
    enabled: true,
    valueType: 'integer',
    value: '24',
  },
  {
    name: 'reviewWindowMediumHours',
    title: 'Review time for medium alerts (hours)',
    description: 'A medium alert is due for review this many hours after it arrives.',
    enabled: true,
    valueType: 'integer',
    value: '72',
  },
  {
    name: 'reviewWindowLowHours',
    title: 'Review time for low alerts (hours)',
    description: 'A low alert is due for review this many hours after it arrives.',
    enabled: true,
    valueType: 'integer',
    value: '168',
  },
  {
    name: 'reviewWindowRoutineHours',
    title: 'Review time for reports (hours)',
    description: 'A routine report (not an alert) is due for review this many hours after it arrives.',
    enabled: true,
    valueType: 'integer',
    value: '336',
  },
  {
    name: 'reviewBusinessHours',
    title: 'Count review time in working hours',
    description:
      "When on, review times count only the clinic's working hours, written like 'Mon-Fri 08:00-17:00 UTC-05:00'.",
    enabled: false,
    valueType: 'string',
    value: 'Mon-Fri 08:00-17:00 UTC+00:00',
  },
  {
    name: 'escalationContacts',
    title: 'Escalation e-mail contacts',
    description:
      'Who is e-mailed when a document is still not reviewed at twice its review time; separate several addresses with commas.',
    enabled: false,
    valueType: 'string',
    value: '',
  },
  {
    name: 'transmissionScheduleCiedDays',
    title: 'Expected pacemaker and ICD transmissions (days)',
    description: 'A pacemaker or ICD is expected to send a remote transmission at least this often.',
    enabled: true,
    valueType: 'integer',
    value: '91',
  },
  {
    name: 'transmissionScheduleIlrDays',
    title: 'Expected loop recorder transmissions (days)',
    description: 'A loop recorder is expected to send a remote transmission at least this often.',
    enabled: true,
    valueType: 'integer',
    value: '31',
  },
  {
    name: 'transmissionScheduleRpmDays',
    title: 'Expected RPM readings (days)',
    description: 'A remote patient monitoring device is expected to send readings at least this often.',
    enabled: true,
    valueType: 'integer',
    value: '1',
  },
  {
    name: 'transmissionGraceDays',
    title: 'Grace before a transmission is missed (days)',
    description: 'A patient is overdue this many days after the expected transmission did not arrive.',
    enabled: true,
    valueType: 'integer',
    value: '7',
  },
] as const satisfies readonly (WorkflowDefault & { name: ClinicSettingName })[];

/**
 * Built-in setting defaults, one per clinic settings key. Settings that are only on/off use
 * valueType 'string' with value null: `enabled` is the setting. Settings that carry a value are
 * enabled by default so the value applies, except sleepGlobalOfficeId, which means nothing until a
 * sleep clinic fills it in.
 */
export const workflowDefaults: readonly WorkflowDefault[] = [
  {
    name: 'assignAlertsToPrimary',
    title: 'Assign alerts to the primary provider',
    description: "New alerts go to the patient's primary provider instead of the usual assignee.",
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'hideDosOnSign',
    title: 'Hide the date of service when signed',
    description: 'The signed PDF leaves out the date of service.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'assignReportsToUnassigned',
    title: 'Leave new reports unassigned',
    description: 'New reports arrive with no provider assigned, for someone at the clinic to assign.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'replaceDosWithDateOfSignature',
    title: 'Print the signing date instead of the date of service',
    description: 'The signed PDF shows the date it was signed where the date of service would be.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'emrPdfMaxPageLength',
    title: 'Most pages sent to the EMR',
    description:
      "PDFs sent to the clinic's electronic medical record (EMR) are cut to at most this many pages.",
    enabled: true,
    valueType: 'integer',
    value: String(DEFAULT_EMR_PDF_MAX_PAGE_LENGTH),
  },
  {
    name: 'uploadAlertsToEmr',
    title: 'Send signed alerts to the EMR',
    description: "Signed alerts go to the clinic's electronic medical record (EMR), as signed reports do.",
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'pdfProviderNote',
    title: "Heading of the provider's note",
    description: "The heading printed above the provider's note on the signed PDF.",
    enabled: true,
    valueType: 'string',
    value: DEFAULT_PDF_PROVIDER_NOTE,
  },
  {
    name: 'signatureLabel',
    title: 'Signature label',
    description: "The words printed before the signer's name on the signed PDF.",
    enabled: true,
    valueType: 'string',
    value: DEFAULT_SIGNATURE_LABEL,
  },
  {
    name: 'footerText',
    title: 'Footer text',
    description: 'Text printed at the foot of the signed PDF.',
    enabled: true,
    valueType: 'string',
    value: DEFAULT_FOOTER_TEXT,
  },
  {
    name: 'encounterCoversheetType',
    title: 'Encounter cover sheet',
    description:
      "The page put in front of encounter PDFs: none, the patient's longitudinal summary, or billing details.",
    enabled: true,
    valueType: 'enum:none|longitudinal|billing',
    value: DEFAULT_COVERSHEET_TYPE,
  },
  {
    name: 'supportEmails',
    title: 'Support e-mail addresses',
    description:
      'Who receives support requests and reported problems; separate several addresses with commas.',
    enabled: true,
    valueType: 'string',
    value: DEFAULT_SUPPORT_EMAILS,
  },
  {
    name: 'sleepGlobalOfficeId',
    title: 'Sleep-study vendor office ID',
    description: "The clinic's office ID at the sleep-study vendor, needed to send it sleep studies.",
    enabled: false,
    valueType: 'string',
    value: '',
  },
  {
    name: 'referringAndInterpretingPhysician',
    title: 'Referring and interpreting physicians',
    description: 'Documents record the referring physician and the interpreting physician separately.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'enableBulkSigning',
    title: 'Allow bulk signing',
    description:
      "Providers may sign several documents in one step. The 'Bulk signing' feature flag must be on too, and each provider turns it on in their signature settings.",
    enabled: DEFAULT_BULK_SIGNING_ENABLED,
    valueType: 'string',
    value: null,
  },
  ...REVIEW_AND_TRANSMISSION_DEFAULTS,
  {
    name: 'clinicTimeZone',
    title: 'Clinic time zone',
    description:
      "The clinic's time zone, as an IANA name such as America/Chicago: device times sent without a zone are read in it, and signature times are printed in it.",
    enabled: true,
    valueType: 'string',
    value: DEFAULT_CLINIC_TIME_ZONE,
  },
] satisfies readonly (WorkflowDefault & { name: ClinicSettingName })[];
