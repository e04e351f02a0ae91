import { mergeClinicConfiguration, type OrganizationResource, type WorkflowDefault } from '@portal/domain';
import type { Organization } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { findOrganizationOverrides } from './clinics.repository';
import { findFeatureFlagDefaults, findWorkflowDefaults } from './defaults.repository';

/** Clinics as the API shows them: each with its own flag/workflow lists and the merged maps (SPEC §3). */
export async function loadOrganizationResponses(
  db: Db | Tx,
  rows: Organization[],
): Promise<OrganizationResource[]> {
  const [featureFlagDefaults, workflowDefaults, overrides] = await Promise.all([
    findFeatureFlagDefaults(db),
    findWorkflowDefaults(db),
    findOrganizationOverrides(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const clinicFeatureFlags = overrides.featureFlags
      .filter((flag) => flag.organizationId === row.id)
      .map(({ name, enabled }) => ({ name, enabled }));
    const clinicWorkflows = overrides.workflows
      .filter((workflow) => workflow.organizationId === row.id)
      .map(({ name, enabled, value }) => ({ name, enabled, value }));
    const merged = mergeClinicConfiguration({
      featureFlagDefaults,
      workflowDefaults: workflowDefaults as WorkflowDefault[],
      featureFlags: clinicFeatureFlags,
      workflows: clinicWorkflows,
    });
    return {
      id: row.id,
      npi: row.npi,
      code: row.code,
      name: row.name,
      isActive: row.isActive,
      samlConnectionName: row.samlConnectionName,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
      featureFlags: merged.featureFlags,
      settings: merged.settings,
      clinicFeatureFlags,
      clinicWorkflows,
    };
  });
}

export async function loadOrganizationResponse(
  db: Db | Tx,
  row: Organization,
): Promise<OrganizationResource> {
  const [response] = await loadOrganizationResponses(db, [row]);
  if (!response) throw new Error('no response for a loaded clinic');
  return response;
}
