import { checkSettingValue, type FeatureFlagDefaultBody, type WorkflowDefaultBody } from '@portal/domain';
import { ConflictError, UnprocessableError } from '../../http/errors';
import type { DefaultValues } from './defaults.repository';

/** A default as a client sends it, with its kind. */
export type DefaultInput =
  | { kind: 'feature-flags'; body: FeatureFlagDefaultBody }
  | { kind: 'workflows'; body: WorkflowDefaultBody };

/**
 * The columns a default is stored with. A workflow default's value is stored as text, once it fits its
 * valueType and, for a number, its range (422 naming 'value' otherwise).
 */
export function toDefaultValues(input: DefaultInput): DefaultValues {
  if (input.kind === 'feature-flags' || input.body.value === null) return input.body as DefaultValues;
  const { body } = input;
  const text = String(body.value);
  const checked = checkSettingValue({ name: body.name, valueType: body.valueType }, text);
  if (!checked.ok)
    throw new UnprocessableError('The value does not fit the setting', [
      { field: 'value', message: checked.message },
    ]);
  return { ...body, value: text };
}

export const DEFAULT_AUDIT_ENTITY = {
  'feature-flags': 'feature-flag-default',
  workflows: 'workflow-default',
} as const;

/** A default's name is unique within its kind. */
export function defaultNameInUse() {
  return new ConflictError('A default with this name already exists', [
    { field: 'name', message: 'is already in use' },
  ]);
}
