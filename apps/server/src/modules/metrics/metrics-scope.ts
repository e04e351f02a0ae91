import { clinicsWherePermitted, type PermissionName } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findClinicsInScope } from './metrics.repository';

/** The clinics whose metrics the actor may read: every clinic for provider-company roles held under '*'. */
export function metricsScopeOf(actor: Actor, permission: PermissionName = 'metrics:read') {
  return clinicsWherePermitted(actor.user, permission);
}

/** One clinic the actor may read metrics of, or 404 as for a clinic that does not exist (other clinics). */
export async function getMetricsClinic(db: Db | Tx, actor: Actor, clinicNpi: string) {
  const scope = metricsScopeOf(actor);
  if (scope !== 'all' && !scope.includes(clinicNpi)) throw new NotFoundError('Clinic');
  const [clinic] = await findClinicsInScope(db, [clinicNpi]);
  if (!clinic) throw new NotFoundError('Clinic');
  return clinic;
}
