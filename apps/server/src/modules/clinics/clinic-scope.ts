import { clinicsWherePermitted } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findOrganizationById, findOrganizationByNpi } from './clinics.repository';

function isInScope(actor: Actor, npi: string): boolean {
  const scope = clinicsWherePermitted(actor.user, 'clinic:read');
  return scope === 'all' || scope.includes(npi);
}

/**
 * A clinic the actor may open, by id; any other answers 404, like one that does not exist. `forUpdate`
 * locks it for the rest of the transaction.
 */
export async function getOrganizationInScope(
  db: Db | Tx,
  actor: Actor,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const organization = await findOrganizationById(db, id, options);
  if (!organization || !isInScope(actor, organization.npi)) throw new NotFoundError('Clinic');
  return organization;
}

/** The same by NPI: a clinic the actor belongs to (404 otherwise, as for a clinic that does not exist). */
export async function getClinicInScope(db: Db | Tx, actor: Actor, npi: string) {
  const organization = await findOrganizationByNpi(db, npi);
  if (!organization || !isInScope(actor, npi)) throw new NotFoundError('Clinic');
  return organization;
}
