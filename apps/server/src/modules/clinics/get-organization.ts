import type { OrganizationResource } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { getOrganizationInScope } from './clinic-scope';
import { loadOrganizationResponse } from './load-organization-responses';

/** One clinic the actor may open; any other answers 404, like one that does not exist. */
export async function getOrganization(db: Db, actor: Actor, id: string): Promise<OrganizationResource> {
  return loadOrganizationResponse(db, await getOrganizationInScope(db, actor, id));
}
