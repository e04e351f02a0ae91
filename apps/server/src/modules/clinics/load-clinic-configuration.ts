import {
  type MergedClinicConfiguration,
  mergeClinicConfiguration,
  type WorkflowDefault,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';

/** One clinic's merged feature flags and settings (defaults overridden by its own values). */
export async function loadClinicConfiguration(
  db: Db | Tx,
  clinicNpi: string,
): Promise<MergedClinicConfiguration> {
  const clinic = await db
    .selectFrom('organizations')
    .select('id')
    .where('npi', '=', clinicNpi)
    .executeTakeFirst();
  if (!clinic) throw new NotFoundError('Clinic');
  const [featureFlagDefaults, workflowDefaults, featureFlags, workflows] = await Promise.all([
    db.selectFrom('featureFlagDefaults').selectAll().execute(),
    db.selectFrom('workflowDefaults').selectAll().execute(),
    db
      .selectFrom('organizationFeatureFlags')
      .select(['name', 'enabled'])
      .where('organizationId', '=', clinic.id)
      .execute(),
    db
      .selectFrom('organizationWorkflows')
      .select(['name', 'enabled', 'value'])
      .where('organizationId', '=', clinic.id)
      .execute(),
  ]);
  return mergeClinicConfiguration({
    featureFlagDefaults,
    workflowDefaults: workflowDefaults as WorkflowDefault[],
    featureFlags,
    workflows,
  });
}
