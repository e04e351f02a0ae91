import {
  type MergedClinicConfiguration,
  mergeClinicConfiguration,
  type WorkflowDefault,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findOrganizationByNpi, findOrganizationOverrides } from './clinics.repository';
import { findFeatureFlagDefaults, findWorkflowDefaults } from './defaults.repository';

/** One clinic's merged feature flags and settings (defaults overridden by its own values). */
export async function loadClinicConfiguration(
  db: Db | Tx,
  clinicNpi: string,
): Promise<MergedClinicConfiguration> {
  const clinic = await findOrganizationByNpi(db, clinicNpi);
  if (!clinic) throw new NotFoundError('Clinic');
  const [featureFlagDefaults, workflowDefaults, overrides] = await Promise.all([
    findFeatureFlagDefaults(db),
    findWorkflowDefaults(db),
    findOrganizationOverrides(db, [clinic.id]),
  ]);
  return mergeClinicConfiguration({
    featureFlagDefaults,
    workflowDefaults: workflowDefaults as WorkflowDefault[],
    featureFlags: overrides.featureFlags,
    workflows: overrides.workflows,
  });
}
