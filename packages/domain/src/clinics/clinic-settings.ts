import { z } from 'zod';
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
] satisfies readonly (WorkflowDefault & { name: ClinicSettingName })[];
