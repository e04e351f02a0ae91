import { clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';

import { loadOrganizationResponse } from './load-organization-responses';

/** One clinic the actor may open; any other answers 404, like one that does not exist. */
export async function getOrganization(db: Db, actor: Actor, id: string) {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  const scope = clinicsWherePermitted(actor.user, 'clinic:read');
  if (!row || (scope !== 'all' && !scope.includes(row.npi))) throw new NotFoundError('Clinic');
  return loadOrganizationResponse(db, row);
}
