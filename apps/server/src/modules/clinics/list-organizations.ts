import { clinicsWherePermitted, type OrganizationListQuery } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';

import { findOrganizationsPage } from './clinics.repository';
import { loadOrganizationResponses } from './load-organization-responses';

/**
 * A page of the clinics the actor may open (all of them through a global role), each carrying its merged
 * featureFlags and settings maps (SPEC §3 Clinic).
 */
export async function listOrganizations(db: Db, actor: Actor, query: OrganizationListQuery) {
  const scope = clinicsWherePermitted(actor.user, 'clinic:read');
  const { rows, totalCount } = await findOrganizationsPage(db, { scope, query });
  return { data: await loadOrganizationResponses(db, rows), totalCount };
}
