import { z } from 'zod';

/** Document types (SPEC §3). */
export const DOCUMENT_TYPES = [
  'FileMaker-30-day-ILR-Report',
  'implicity-90-day-remote-report',
  'implicity-crm-report',
  'crm-alert',
  'in-person-device-check',
  'mcot-study',
  'holter-study',
  'extended-holter-study',
  'we-study',
  'sleep-study',
  'abpm-study',
  'rpm-report',
  'rpm-alert',
] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);

/** The document types that report a recording study (Holter, MCT, event, sleep, ABPM): nothing implanted. */
export const STUDY_DOCUMENT_TYPES: readonly string[] = [
  'mcot-study',
  'holter-study',
  'extended-holter-study',
  'we-study',
  'sleep-study',
  'abpm-study',
] satisfies readonly (typeof DOCUMENT_TYPES)[number][];

export function isStudyDocumentType(type: string): boolean {
  return STUDY_DOCUMENT_TYPES.includes(type);
}

export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Document types whose file name and label come from the alert itself. */
export const ALERT_DOCUMENT_TYPES = ['crm-alert', 'rpm-alert'] as const satisfies readonly DocumentType[];

export function isAlertDocumentType(type: string): boolean {
  return (ALERT_DOCUMENT_TYPES as readonly string[]).includes(type);
}

/**
 * Display labels. SPEC gives 30 Day, 90 Day, Alert, In-Person, Mobile Cardiac Telemetry,
 * Wireless Events and RPM; the rest are chosen here in the same style.
 */
export const DOCUMENT_TYPE_LABELS = {
  'FileMaker-30-day-ILR-Report': '30 Day',
  'implicity-90-day-remote-report': '90 Day',
  'implicity-crm-report': 'CRM Report',
  'crm-alert': 'Alert',
  'in-person-device-check': 'In-Person',
  'mcot-study': 'Mobile Cardiac Telemetry',
  'holter-study': 'Holter',
  'extended-holter-study': 'Extended Holter',
  'we-study': 'Wireless Events',
  'sleep-study': 'Sleep',
  'abpm-study': 'ABPM',
  'rpm-report': 'RPM',
  'rpm-alert': 'RPM Alert',
} as const satisfies Record<DocumentType, string>;

/** The label of a document type (SPEC §3); the type itself when it is not one this portal knows. */
export function documentTypeLabel(type: string): string {
  return Object.hasOwn(DOCUMENT_TYPE_LABELS, type) ? DOCUMENT_TYPE_LABELS[type as DocumentType] : type;
}

/** Report-type labels used in PDF file names (SPEC §3). */
export const REPORT_TYPE_LABELS = [
  '30_day_report',
  '90_day_report',
  'in_person_report',
  'mct_study',
  'holter_study',
  'exholter_study',
  'we_study',
  'sleep_study',
  'abpm_study',
  'rpm_report',
] as const;
export type ReportTypeLabel = (typeof REPORT_TYPE_LABELS)[number];

/**
 * Report-type label of every non-alert document type. implicity-crm-report has no label of its own
 * in SPEC; it is a remote CRM transmission report, so it shares 90_day_report.
 */
export const DOCUMENT_TYPE_REPORT_LABELS = {
  'FileMaker-30-day-ILR-Report': '30_day_report',
  'implicity-90-day-remote-report': '90_day_report',
  'implicity-crm-report': '90_day_report',
  'in-person-device-check': 'in_person_report',
  'mcot-study': 'mct_study',
  'holter-study': 'holter_study',
  'extended-holter-study': 'exholter_study',
  'we-study': 'we_study',
  'sleep-study': 'sleep_study',
  'abpm-study': 'abpm_study',
  'rpm-report': 'rpm_report',
} as const satisfies Record<Exclude<DocumentType, (typeof ALERT_DOCUMENT_TYPES)[number]>, ReportTypeLabel>;
