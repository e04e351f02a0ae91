import { mergeClinicConfiguration, type WorkflowDefault } from '@portal/domain';
import type { Db } from '../../db/transaction';
import type { Actor } from '../../plugins/authenticate';
import { clinicsWherePermitted } from '../users/users.access';
import {
  findFeatureFlagDefaults,
  findOrganizationOverrides,
  findOrganizationsPage,
  findWorkflowDefaults,
} from './clinics.repository';
import type { OrganizationListQuery, OrganizationResponse } from './clinics.schemas';

/**
 * A page of the clinics the actor may open (all of them through a global role), each carrying its merged
 * featureFlags and settings maps (SPEC §3 Clinic).
 */
export async function listOrganizations(db: Db, actor: Actor, query: OrganizationListQuery) {
  const scope = clinicsWherePermitted(actor.user, 'clinic:read');
  const { rows, totalCount } = await findOrganizationsPage(db, { scope, query });
  const [featureFlagDefaults, workflowDefaults, overrides] = await Promise.all([
    findFeatureFlagDefaults(db),
    findWorkflowDefaults(db),
    findOrganizationOverrides(
      db,
      rows.map((row) => row.id),
    ),
  ]);

  const data: OrganizationResponse[] = rows.map((row) => {
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
  return { data, totalCount };
}
