import { checkSettingValue, type OrganizationInput, type SettingValueType } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { ConflictError, type FieldProblem, UnprocessableError } from '../../http/errors';
import { findOrganizationClash } from './clinics.repository';
import { findFeatureFlagDefaults, findWorkflowDefaults } from './defaults.repository';

/**
 * Flags and settings must name a known default; a setting's value must fit its valueType and, for a number,
 * its range (findSettingRange): 422 naming the field otherwise. Returns the workflows as stored (text values).
 */
export async function validateConfiguration(
  tx: Tx,
  input: Pick<OrganizationInput, 'featureFlags' | 'workflows'>,
) {
  const [flagDefaults, workflowDefaults] = await Promise.all([
    findFeatureFlagDefaults(tx),
    findWorkflowDefaults(tx),
  ]);
  const knownFlags = new Set(flagDefaults.map((flag) => flag.name));
  const types = new Map(
    workflowDefaults.map((workflow) => [workflow.name, workflow.valueType as SettingValueType]),
  );
  const problems: FieldProblem[] = [];
  input.featureFlags.forEach((flag, index) => {
    if (!knownFlags.has(flag.name))
      problems.push({
        field: `featureFlags.${index}.name`,
        message: `is not a known feature flag (${flag.name})`,
      });
  });
  const workflows = input.workflows.map((workflow, index) => {
    const valueType = types.get(workflow.name);
    if (!valueType) {
      problems.push({
        field: `workflows.${index}.name`,
        message: `is not a known setting (${workflow.name})`,
      });
      return { ...workflow, value: null };
    }
    const raw = workflow.value === undefined || workflow.value === null ? null : String(workflow.value);
    if (raw !== null) {
      const checked = checkSettingValue({ name: workflow.name, valueType }, raw);
      if (!checked.ok) problems.push({ field: `workflows.${index}.value`, message: checked.message });
    }
    return { ...workflow, value: raw };
  });
  if (problems.length) throw new UnprocessableError('Invalid feature flags or settings', problems);
  return workflows;
}

/** No other clinic may use the NPI or the code (409 naming the field). */
export async function assertOrganizationUnique(tx: Tx, input: OrganizationInput, exceptId?: string) {
  const clash = await findOrganizationClash(tx, { npi: input.npi, code: input.code, exceptId });
  if (clash) {
    const field = clash.npi === input.npi ? 'npi' : 'code';
    throw new ConflictError(`A clinic with this ${field === 'npi' ? 'NPI' : 'code'} already exists`, [
      { field, message: 'is already in use' },
    ]);
  }
}

/** A clinic's own columns (not its flags and settings): changing any of them is admin-level. */
export const ORGANIZATION_IDENTITY_FIELDS = [
  'npi',
  'name',
  'code',
  'isActive',
  'samlConnectionName',
] as const;

export function organizationIdentityOf(input: OrganizationInput) {
  return {
    npi: input.npi,
    name: input.name,
    code: input.code,
    isActive: input.isActive,
    samlConnectionName: input.samlConnectionName,
  };
}
