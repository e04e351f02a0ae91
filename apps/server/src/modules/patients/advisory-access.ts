import {
  ADVISORIES_TURNED_OFF_MESSAGE,
  assertCan,
  clinicsWherePermitted,
  isFeatureFlagOn,
  type MergedClinicConfiguration,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { HttpError, NotFoundError } from '../../http/errors';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';

/**
 * May see: the merged configuration of a clinic whose patients the actor sees. Another clinic, or one that
 * does not exist, answers 404.
 */
export async function loadClinicSeenByActor(
  db: Db | Tx,
  actor: Actor,
  clinicNpi: string,
): Promise<MergedClinicConfiguration> {
  const scope = clinicsWherePermitted(actor.user, 'patient:read');
  if (scope !== 'all' && !scope.includes(clinicNpi)) throw new NotFoundError('Clinic');
  return loadClinicConfiguration(db, clinicNpi);
}

/**
 * May act: 403 while the clinic's 'manufacturerAdvisories' flag is off, saying so, and 403 when the actor
 * holds no role there that reads advisories.
 */
export function assertMayReadClinicAdvisories(
  actor: Actor,
  clinicNpi: string,
  configuration: MergedClinicConfiguration,
): void {
  if (!isFeatureFlagOn(configuration, 'manufacturerAdvisories'))
    throw new HttpError(403, ADVISORIES_TURNED_OFF_MESSAGE);
  assertCan(actor.user, 'patient:read-advisories', clinicNpi, configuration);
}
