import { listAllowedClinicNpis } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { userChannel } from '../realtime/realtime-channels';
import { toUserResource } from './to-user-resource';

/**
 * The signed-in user with every role, the active clinics they may open (for the clinic picker), and the
 * realtime channel their notifications arrive on.
 */
export async function getCurrentUser(db: Db, actor: Actor) {
  const clinics = await db
    .selectFrom('organizations')
    .select(['id', 'npi', 'code', 'name'])
    .where('isActive', '=', true)
    .orderBy(({ fn, ref }) => fn('lower', [ref('name')]))
    .execute();
  const allowed = new Set(
    listAllowedClinicNpis(
      actor.user,
      clinics.map((clinic) => clinic.npi),
    ),
  );
  return {
    user: toUserResource(actor.user),
    allowedClinics: clinics.filter((clinic) => allowed.has(clinic.npi)),
    notificationChannel: userChannel(actor.user.channelId),
  };
}
