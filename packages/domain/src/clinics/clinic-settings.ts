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

/**
 * Built-in setting defaults, one per clinic settings key. Settings that are only on/off use
 * valueType 'string' with value null: `enabled` is the setting. Settings that carry a value are
 * enabled by default so the value applies, except sleepGlobalOfficeId, which means nothing until a
 * sleep clinic fills it in.
 */
export const workflowDefaults: readonly WorkflowDefault[] = [
  {
    name: 'assignAlertsToPrimary',
    title: 'Assign alerts to primary',
    description: "New alerts are assigned to the patient's primary provider.",
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'hideDosOnSign',
    title: 'Hide DOS on sign',
    description: 'The date of service is left off the signed PDF.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'assignReportsToUnassigned',
    title: 'Assign reports to unassigned',
    description: 'New reports arrive unassigned instead of assigned to a provider.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'replaceDosWithDateOfSignature',
    title: 'Replace DOS with date of signature',
    description: 'The signed PDF shows the date of signature in place of the date of service.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'emrPdfMaxPageLength',
    title: 'EMR PDF max page length',
    description: 'PDFs sent to the EMR are cut to at most this many pages.',
    enabled: true,
    valueType: 'integer',
    value: String(DEFAULT_EMR_PDF_MAX_PAGE_LENGTH),
  },
  {
    name: 'uploadAlertsToEmr',
    title: 'Upload alerts to EMR',
    description: 'Signed alerts are uploaded to the EMR as well as reports.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'pdfProviderNote',
    title: 'PDF provider note',
    description: "Label of the provider's note on the signed PDF.",
    enabled: true,
    valueType: 'string',
    value: DEFAULT_PDF_PROVIDER_NOTE,
  },
  {
    name: 'signatureLabel',
    title: 'Signature label',
    description: 'Label printed before the signature on the signed PDF.',
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
    title: 'Encounter coversheet type',
    description: 'The coversheet put in front of encounter PDFs: none, longitudinal or billing.',
    enabled: true,
    valueType: 'enum:none|longitudinal|billing',
    value: DEFAULT_COVERSHEET_TYPE,
  },
  {
    name: 'supportEmails',
    title: 'Support emails',
    description: 'Comma-separated addresses that receive support requests and problem reports.',
    enabled: true,
    valueType: 'string',
    value: DEFAULT_SUPPORT_EMAILS,
  },
  {
    name: 'sleepGlobalOfficeId',
    title: 'Sleep global office id',
    description: "The clinic's office id at the sleep-study vendor.",
    enabled: false,
    valueType: 'string',
    value: '',
  },
  {
    name: 'referringAndInterpretingPhysician',
    title: 'Referring and interpreting physician',
    description: 'Documents record both a referring and an interpreting physician.',
    enabled: false,
    valueType: 'string',
    value: null,
  },
  {
    name: 'enableBulkSigning',
    title: 'Enable bulk signing',
    description: 'Bulk signing is allowed at this clinic (the bulkESigning flag must also be on).',
    enabled: DEFAULT_BULK_SIGNING_ENABLED,
    valueType: 'string',
    value: null,
  },
] satisfies readonly (WorkflowDefault & { name: ClinicSettingName })[];
