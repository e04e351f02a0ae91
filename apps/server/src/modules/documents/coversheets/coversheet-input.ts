import type { ComparisonMode, FlagLevel, Template } from '@portal/domain';

/** What every coversheet shows at its top: the clinic, the patient, the document and the device. */
export type CoversheetHeader = {
  clinicName: string;
  documentLabel: string;
  dos: Date;
  patient: { name: string; patientId: string; dob: string | null };
  device: {
    type: string | null;
    manufacturer: string | null;
    model: string | null;
    serialNumber: string | null;
  };
};

/** The af-alert template's part (issue 14 §5): OAC status and history, the flag, the AF burden trend. */
export type AfAlertSection = {
  oacStatus: string;
  oacHistory: { medication: string; startDate: string; endDate: string | null }[];
  isAfWithoutOac: boolean;
  /** AT/AF burden (%) over time, oldest first. */
  burden: { at: number; value: number }[];
};

export type CoversheetRow = {
  key: string;
  label: string;
  /** The value in the coversheet's session, formatted with its unit; '—' when not measured then. */
  current: string;
  previous: string;
  baseline: string;
  vsPrevious: number | null;
  vsBaseline: number | null;
  flagLevel: FlagLevel | undefined;
  /** The numeric values over time, oldest first, for the trend line. */
  trend: number[];
};

export type LongitudinalCoversheetInput = {
  type: 'longitudinal';
  template: Template;
  header: CoversheetHeader;
  /** The session the document is about (its linked session, else the latest up to the dos). */
  session: { date: Date; kind: string; sessionCount: number } | null;
  comparisonMode: ComparisonMode;
  rows: CoversheetRow[];
  flags: { level: FlagLevel; label: string; message: string }[];
  af: AfAlertSection | null;
};

export type BillingCoversheetInput = {
  type: 'billing';
  template: Template;
  header: CoversheetHeader;
  cptCodes: string[];
  icd10Codes: string[];
  monitoringPeriod: { start: Date; end: Date };
  /** Physicians: when the clinic records them separately, referring and interpreting; else one. */
  physicians: { label: string; name: string }[];
  window: {
    days: number;
    codes: string;
    closed: boolean;
    lastBilledEnd: Date | null;
    daysSince: number | null;
  };
  af: AfAlertSection | null;
};

export type CoversheetInput = LongitudinalCoversheetInput | BillingCoversheetInput;
