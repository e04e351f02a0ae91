import {
  type BatteryStatus,
  checkDeviceCheckMeasurements,
  type DeviceCheckBody,
  type DeviceCheckField,
  type LeadChannelStatus,
  type LeadConfigurationKey,
  type SessionDeviceType,
} from '@portal/domain';

/** The form as typed: every value as text, so a half-typed '1.' is kept as the user sees it. */
export type DeviceCheckFormValues = {
  deviceType: SessionDeviceType;
  leadConfiguration: LeadConfigurationKey;
  values: Record<string, string>;
  /**
   * The values put in the form from an uploaded interrogation PDF, as put there: a value still equal to
   * its entry is sent as confirmed from the PDF; one the user changed since is their own.
   */
  scraped: Record<string, string>;
  /**
   * Issue 29 §1: the identity check of the printout the values were read from, and the technician's
   * reason for "this printout belongs to this patient" when that check asks for one.
   */
  printout: PrintoutState | null;
  observations: string;
  programmingChanges: string;
  nextFollowUp: string;
};

export type PrintoutState = {
  checkId: string;
  needsConfirmation: boolean;
  /** Ticked "this printout belongs to this patient". */
  confirmed: boolean;
  reason: string;
};

/** Whether the printout's identity is settled: it matches, or the technician confirmed it with a reason. */
export function isPrintoutSettled(printout: PrintoutState | null): boolean {
  return !printout?.needsConfirmation || (printout.confirmed && printout.reason.trim() !== '');
}

/**
 * Whether the printout's values may be ticked: it matches, or the technician ticked "this printout belongs
 * to this patient" (the reason is asked for when the check is submitted).
 */
export function canUsePrintoutValues(printout: PrintoutState | null): boolean {
  return !printout?.needsConfirmation || printout.confirmed;
}

export const PRINTOUT_CONFIRMATION_REQUIRED =
  'is required: confirm that this printout belongs to this patient, and say why';

export const BATTERY_STATUS_LABELS: Record<BatteryStatus, string> = {
  BOS: 'BOS — beginning of service',
  MOS: 'MOS — middle of service',
  RRT: 'RRT — recommended replacement',
  ERI: 'ERI — elective replacement',
  EOS: 'EOS — end of service',
};

/** A lead channel's status as the device reports it (IDCO MDC_IDC_ENUM_LEAD_CHNL_STATUS_*). */
export const LEAD_CHANNEL_STATUS_LABELS: Record<LeadChannelStatus, string> = {
  OK: 'OK',
  CheckLead: 'Check lead',
};

/** How a status value (a battery's, a lead channel's) is offered in the form. */
export function statusLabel(value: string): string {
  return (
    (BATTERY_STATUS_LABELS as Record<string, string>)[value] ??
    (LEAD_CHANNEL_STATUS_LABELS as Record<string, string>)[value] ??
    value
  );
}

/** Problems keyed by the field the server names (`measurements.<key>`, `observations`, …). */
export type FieldErrors = Record<string, string>;

/** A typed number: '' stays empty, '1,25' reads as 1.25, anything else not a number is NaN. */
export function parseMeasurement(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The form's values as the request body, and what the browser already knows is wrong with them, named by
 * the field as the server names it: a required value missing, a number that is not one, one out of its
 * physical range (the domain's ranges), no observations, a follow-up date in the past.
 */
export function buildDeviceCheckBody(
  form: DeviceCheckFormValues,
  fields: readonly DeviceCheckField[],
  today: string,
): { body: DeviceCheckBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const measurements: Record<string, number | string> = {};
  for (const field of fields) {
    const text = form.values[field.key] ?? '';
    if (field.kind === 'status') {
      if (text) measurements[field.key] = text;
      continue;
    }
    const value = parseMeasurement(text);
    if (value === undefined) continue;
    if (Number.isNaN(value)) errors[`measurements.${field.key}`] = 'must be a number';
    else measurements[field.key] = value;
  }
  for (const problem of checkDeviceCheckMeasurements(form.leadConfiguration, form.deviceType, measurements)) {
    errors[problem.field] ??= problem.message;
  }
  if (!form.observations.trim()) errors.observations = 'is required';
  if (form.nextFollowUp && form.nextFollowUp < today) errors.nextFollowUp = 'must not be in the past';
  const scrapedFromPdf = Object.keys(measurements).filter(
    (key) => key in form.scraped && form.scraped[key] === form.values[key],
  );
  const printout = scrapedFromPdf.length > 0 ? form.printout : null;
  if (printout && !isPrintoutSettled(printout)) errors.printoutConfirmation = PRINTOUT_CONFIRMATION_REQUIRED;
  const body: DeviceCheckBody = {
    deviceType: form.deviceType,
    leadConfiguration: form.leadConfiguration,
    measurements,
    ...(scrapedFromPdf.length > 0 ? { scrapedFromPdf } : {}),
    ...(printout ? { printoutCheckId: printout.checkId } : {}),
    ...(printout?.needsConfirmation && printout.confirmed && printout.reason.trim()
      ? { printoutConfirmation: printout.reason.trim() }
      : {}),
    observations: form.observations.trim(),
    ...(form.programmingChanges.trim() ? { programmingChanges: form.programmingChanges.trim() } : {}),
    ...(form.nextFollowUp ? { nextFollowUp: form.nextFollowUp } : {}),
  };
  return { body, errors };
}

/** Adds an observation prompt as its own line, unless it is already there. */
export function insertPrompt(observations: string, prompt: string): string {
  const lines = observations.split('\n').map((line) => line.trim());
  if (lines.includes(prompt.trim())) return observations;
  const trimmed = observations.replace(/\s+$/, '');
  return trimmed ? `${trimmed}\n${prompt}` : prompt;
}

/** The device type a patient's recorded device suggests (PM, ICD, ILR), if any: never Other. */
export function suggestDeviceType(deviceType: string | null | undefined): SessionDeviceType | undefined {
  const normalized = (deviceType ?? '').trim().toUpperCase();
  if (['PM', 'PACEMAKER', 'CRT-P'].includes(normalized)) return 'PM';
  if (['ICD', 'CRT-D', 'S-ICD'].includes(normalized)) return 'ICD';
  if (['ILR', 'ICM', 'LOOP RECORDER'].includes(normalized)) return 'ILR';
  return undefined;
}
