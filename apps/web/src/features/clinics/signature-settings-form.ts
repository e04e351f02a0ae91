import { NOTE_MAX_LENGTH } from '@portal/domain';
import { toServerFieldErrors } from '../../lib/field-errors';
import type { SignatureSettings, SignatureSettingsChange } from './api/get-signature-settings';
import { toPromptList, toPromptText } from './prompt-lines';

export const PROMPT_FIELDS = [
  { name: 'crmPrompts', label: 'CRM prompts' },
  { name: 'wcdPrompts', label: 'WCD prompts' },
  { name: 'sleepPrompts', label: 'Sleep prompts' },
  { name: 'abpmPrompts', label: 'ABPM prompts' },
  { name: 'rpmPrompts', label: 'RPM prompts' },
] as const;

export const NOTE_FIELDS = [
  { name: 'noIssuesNote', label: 'No-issues note' },
  { name: 'quickSignNote', label: 'Quick-sign note' },
  { name: 'bulkSignNote', label: 'Bulk-sign note' },
] as const;

type PromptField = (typeof PROMPT_FIELDS)[number]['name'];
type NoteField = (typeof NOTE_FIELDS)[number]['name'];
export type SignatureSettingsField = PromptField | NoteField | 'rpmSelectByDos' | 'bulkSignEnabled';
export type SignatureSettingsValues = Record<PromptField | NoteField, string> & {
  rpmSelectByDos: boolean;
  bulkSignEnabled: boolean;
};
export type SignatureSettingsErrors = Partial<Record<SignatureSettingsField, string>>;

// The server's limits: a prompt is one line of at most 500 characters, at most 50 a list.
const PROMPT_MAX_LENGTH = 500;
const PROMPTS_MAX = 50;

export const SIGNATURE_FIELD_LABELS: Record<SignatureSettingsField, string> = {
  ...(Object.fromEntries(
    [...PROMPT_FIELDS, ...NOTE_FIELDS].map((field) => [field.name, field.label]),
  ) as Record<PromptField | NoteField, string>),
  rpmSelectByDos: 'Select RPM reports by date of service',
  bulkSignEnabled: 'Use bulk signing',
};

export function toSignatureSettingsValues(settings: SignatureSettings): SignatureSettingsValues {
  return {
    crmPrompts: toPromptText(settings.crmPrompts),
    wcdPrompts: toPromptText(settings.wcdPrompts),
    sleepPrompts: toPromptText(settings.sleepPrompts),
    abpmPrompts: toPromptText(settings.abpmPrompts),
    rpmPrompts: toPromptText(settings.rpmPrompts),
    noIssuesNote: settings.noIssuesNote,
    quickSignNote: settings.quickSignNote,
    bulkSignNote: settings.bulkSignNote,
    rpmSelectByDos: settings.rpmSelectByDos,
    bulkSignEnabled: settings.bulkSignEnabled,
  };
}

/** Checks what the browser can check before sending; the server checks everything again. */
export function validateSignatureSettings(values: SignatureSettingsValues): SignatureSettingsErrors {
  const errors: SignatureSettingsErrors = {};
  for (const { name } of PROMPT_FIELDS) {
    const prompts = toPromptList(values[name]);
    if (prompts.length > PROMPTS_MAX) errors[name] = `Enter at most ${PROMPTS_MAX} prompts.`;
    else if (prompts.some((prompt) => prompt.length > PROMPT_MAX_LENGTH))
      errors[name] = `Keep each prompt to ${PROMPT_MAX_LENGTH} characters.`;
  }
  for (const { name } of NOTE_FIELDS) {
    if (values[name].trim().length > NOTE_MAX_LENGTH)
      errors[name] = `Keep the note to ${NOTE_MAX_LENGTH} characters.`;
  }
  return errors;
}

export function toSignatureSettingsChange(values: SignatureSettingsValues): SignatureSettingsChange {
  return {
    crmPrompts: toPromptList(values.crmPrompts),
    wcdPrompts: toPromptList(values.wcdPrompts),
    sleepPrompts: toPromptList(values.sleepPrompts),
    abpmPrompts: toPromptList(values.abpmPrompts),
    rpmPrompts: toPromptList(values.rpmPrompts),
    noIssuesNote: values.noIssuesNote.trim(),
    quickSignNote: values.quickSignNote.trim(),
    bulkSignNote: values.bulkSignNote.trim(),
    rpmSelectByDos: values.rpmSelectByDos,
    bulkSignEnabled: values.bulkSignEnabled,
  };
}

/** The server's field problems ('crmPrompts.0: must not be empty') beside their fields. */
export function toSignatureSettingsErrors(error: unknown) {
  return toServerFieldErrors(error, SIGNATURE_FIELD_LABELS);
}
