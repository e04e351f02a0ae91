import { mergeClinicConfiguration, transmissionRulesOf, type WorkflowDefault } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findOrganizationOverrides } from '../clinics/clinics.repository';
import { findFeatureFlagDefaults, findWorkflowDefaults } from '../clinics/defaults.repository';
import type { TransmissionRules } from './metrics.repository';

/** Each clinic's transmission schedules and grace, from its settings, in three queries for any number. */
export async function loadTransmissionRules(
  db: Db | Tx,
  clinics: readonly { id: string; npi: string }[],
): Promise<TransmissionRules[]> {
  if (clinics.length === 0) return [];
  const [featureFlagDefaults, workflowDefaults, overrides] = await Promise.all([
    findFeatureFlagDefaults(db),
    findWorkflowDefaults(db),
    findOrganizationOverrides(
      db,
      clinics.map((clinic) => clinic.id),
    ),
  ]);
  return clinics.map((clinic) => {
    const configuration = mergeClinicConfiguration({
      featureFlagDefaults,
      workflowDefaults: workflowDefaults as WorkflowDefault[],
      featureFlags: overrides.featureFlags.filter((flag) => flag.organizationId === clinic.id),
      workflows: overrides.workflows.filter((workflow) => workflow.organizationId === clinic.id),
    });
    return { clinicNpi: clinic.npi, ...transmissionRulesOf(configuration.settings) };
  });
}
