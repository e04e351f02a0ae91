import {
  buildUserChannelName,
  type CurrentUser,
  GLOBAL_CLINIC_NPI,
  listAllowedClinicNpis,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { toUserResource } from './to-user-resource';
import { findActiveClinics } from './users.repository';

/**
 * The signed-in user with every role, the active clinics they may open (for the clinic picker), and the
 * realtime channel their notifications arrive on.
 */
export async function getCurrentUser(db: Db, actor: Actor): Promise<CurrentUser> {
  // A user with clinic roles only needs those clinics read, not every clinic of the portal (5,000 in the
  // load benchmark); a role under '*' may open any.
  const roleNpis = actor.user.roles.map((grant) => grant.clinicNPI);
  const clinics = await findActiveClinics(
    db,
    roleNpis.includes(GLOBAL_CLINIC_NPI) ? {} : { npis: [...new Set(roleNpis)] },
  );
  const allowed = new Set(
    listAllowedClinicNpis(
      actor.user,
      clinics.map((clinic) => clinic.npi),
    ),
  );
  return {
    user: toUserResource(actor.user),
    allowedClinics: clinics.filter((clinic) => allowed.has(clinic.npi)),
    notificationChannel: buildUserChannelName(actor.user.channelId),
  };
}
