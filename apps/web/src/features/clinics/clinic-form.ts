import { isValidNpi } from '@portal/domain';
import { isApiError } from '../../lib/api-client';
import type { Clinic, ClinicBody } from './types';

/** What the create and edit dialog edits. */
export type ClinicFormValues = {
  npi: string;
  name: string;
  code: string;
  samlConnectionName: string;
  isActive: boolean;
};

export type ClinicFormField = keyof ClinicFormValues;
export type ClinicFieldErrors = Partial<Record<ClinicFormField, string>>;

export const EMPTY_CLINIC_FORM: ClinicFormValues = {
  npi: '',
  name: '',
  code: '',
  samlConnectionName: '',
  isActive: true,
};

export function toClinicFormValues(clinic: Clinic): ClinicFormValues {
  return {
    npi: clinic.npi,
    name: clinic.name,
    code: clinic.code,
    samlConnectionName: clinic.samlConnectionName ?? '',
    isActive: clinic.isActive,
  };
}

/** Checks what the browser can check before sending; the server checks everything again. */
export function validateClinicForm(values: ClinicFormValues): ClinicFieldErrors {
  const errors: ClinicFieldErrors = {};
  const npi = values.npi.trim();
  if (!npi) errors.npi = 'Enter the NPI.';
  else if (!isValidNpi(npi)) errors.npi = 'Enter a valid 10-digit NPI.';
  if (!values.name.trim()) errors.name = 'Enter the name.';
  if (!values.code.trim()) errors.code = 'Enter the code.';
  return errors;
}

/** The form over a clinic's body: a new clinic starts with no flags or workflows of its own. */
export function toClinicBodyFromForm(
  values: ClinicFormValues,
  lists: Pick<ClinicBody, 'featureFlags' | 'workflows'> = { featureFlags: [], workflows: [] },
): ClinicBody {
  return {
    npi: values.npi.trim(),
    name: values.name.trim(),
    code: values.code.trim(),
    samlConnectionName: values.samlConnectionName.trim() || null,
    isActive: values.isActive,
    ...lists,
  };
}

const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_CLINIC_FORM);

function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The server's field problems (`details: [{field, message}]`) beside their fields; the rest as general problems. */
export function toClinicFieldErrors(error: unknown): { fields: ClinicFieldErrors; other: string[] } {
  const fields: ClinicFieldErrors = {};
  const other: string[] = [];
  const details = isApiError(error) ? (error.details ?? []) : [];
  for (const detail of details) {
    const field = detail.field.split('.')[0] ?? '';
    if (FORM_FIELDS.includes(field)) {
      const key = field as ClinicFormField;
      fields[key] = fields[key] ?? sentence(detail.message);
    } else {
      other.push(`${detail.field}: ${detail.message}`);
    }
  }
  if (Object.keys(fields).length === 0 && other.length === 0 && error instanceof Error)
    other.push(error.message);
  return { fields, other };
}
