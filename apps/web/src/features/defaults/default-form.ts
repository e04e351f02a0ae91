import {
  listEnumOptions,
  parseSettingValue,
  SETTING_VALUE_TYPES,
  type SettingValueType,
} from '@portal/domain';
import type { AnyDefault, DefaultBody, DefaultKind } from './types';

/** What the create and edit dialog edits. */
export type DefaultFormValues = {
  name: string;
  title: string;
  description: string;
  enabled: boolean;
  valueType: SettingValueType;
  /** The value as typed or chosen. */
  value: string;
  /** A 'string' setting with no value: its switch is the whole setting (value null). */
  onOffOnly: boolean;
};

export type DefaultFormField = 'name' | 'title' | 'description' | 'enabled' | 'valueType' | 'value';
export type DefaultFieldErrors = Partial<Record<DefaultFormField, string>>;

/** The labels of the form's fields, also for the server's field problems ('Name is already in use.'). */
export const DEFAULT_FIELD_LABELS: Record<DefaultFormField, string> = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  enabled: 'Enabled',
  valueType: 'Value type',
  value: 'Value',
};

export const VALUE_TYPE_LABELS: Record<SettingValueType, string> = {
  integer: 'Integer',
  string: 'String',
  'enum:none|longitudinal|billing': 'Enum: none, longitudinal or billing',
};

export const VALUE_TYPES: readonly SettingValueType[] = SETTING_VALUE_TYPES;

// The server's rule for names (a camelCase key clinics store their own values under).
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{1,99}$/;

export const EMPTY_DEFAULT_FORM: DefaultFormValues = {
  name: '',
  title: '',
  description: '',
  enabled: false,
  valueType: 'string',
  value: '',
  onOffOnly: false,
};

function isWorkflow(row: AnyDefault): row is Extract<AnyDefault, { valueType: string }> {
  return 'valueType' in row;
}

export function toDefaultFormValues(row: AnyDefault): DefaultFormValues {
  if (!isWorkflow(row)) return { ...EMPTY_DEFAULT_FORM, ...pick(row) };
  return {
    ...pick(row),
    valueType: row.valueType,
    value: row.value ?? '',
    onOffOnly: row.valueType === 'string' && row.value === null,
  };
}

function pick(row: AnyDefault) {
  return { name: row.name, title: row.title, description: row.description, enabled: row.enabled };
}

/** A new value type: keep a value that still fits, else start from the type's first sensible value. */
export function changeValueType(values: DefaultFormValues, valueType: SettingValueType): DefaultFormValues {
  const options = listEnumOptions(valueType);
  const fits = values.value !== '' && parseSettingValue(valueType, values.value).ok;
  const value = fits ? values.value : (options[0] ?? '');
  return { ...values, valueType, value, onOffOnly: valueType === 'string' && values.onOffOnly };
}

/** Checks what the browser can check before sending; the server checks everything again. */
export function validateDefaultForm(values: DefaultFormValues, kind: DefaultKind): DefaultFieldErrors {
  const errors: DefaultFieldErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter the name.';
  else if (!NAME_PATTERN.test(name))
    errors.name = 'Use 2 to 100 letters and digits, starting with a letter (camelCase, e.g. bulkSigning).';
  if (!values.title.trim()) errors.title = 'Enter the title.';
  if (kind === 'workflows') {
    if (values.valueType === 'integer') {
      if (!parseSettingValue('integer', values.value).ok) errors.value = 'Enter a whole number, e.g. 25.';
    } else if (values.valueType !== 'string' && !parseSettingValue(values.valueType, values.value).ok) {
      errors.value = `Choose one of ${listEnumOptions(values.valueType).join(', ')}.`;
    }
  }
  return errors;
}

/** The POST/PUT body: flags carry no value type or value. */
export function toDefaultBody(values: DefaultFormValues, kind: DefaultKind): DefaultBody {
  const body: DefaultBody = {
    name: values.name.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    enabled: values.enabled,
  };
  if (kind === 'feature-flags') return body;
  const onOffOnly = values.valueType === 'string' && values.onOffOnly;
  const value = values.valueType === 'integer' ? values.value.trim() : values.value;
  return { ...body, valueType: values.valueType, value: onOffOnly ? null : value };
}

/** How a workflow default's value reads in the list. */
export function describeDefaultValue(row: AnyDefault): string {
  if (!isWorkflow(row)) return '';
  if (row.value === null) return 'On/off only';
  if (row.value === '') return '(empty)';
  return row.value;
}
