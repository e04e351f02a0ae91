import { assertCan, CLINIC_WIDE_SETTINGS_USER_ID, GLOBAL_CLINIC_NPI } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { NotFoundError } from '../../http/errors';
import { findUserById } from '../users/users.repository';

/** Clinic-wide settings and other people's need a clinic administrator; one's own settings are one's own. */
export function assertMayManageSignatureSettings(actor: Actor, npi: string, userId: string) {
  if (userId !== actor.id) assertCan(actor.user, 'clinic:update-settings', npi);
}

/**
 * Settings belong to the clinic ('0') or to a user with a role there (or at every clinic, '*'); any other
 * id, made up or of someone from another clinic, is not found. Checked after the permission, so someone
 * who may not manage others' settings cannot learn who works where.
 */
export async function assertSignatureSettingsOwner(db: Db | Tx, npi: string, userId: string) {
  if (userId === CLINIC_WIDE_SETTINGS_USER_ID) return;
  const user = await findUserById(db, userId);
  const hasRoleHere = user?.roles.some(
    (grant) => grant.clinicNPI === npi || grant.clinicNPI === GLOBAL_CLINIC_NPI,
  );
  if (!hasRoleHere) throw new NotFoundError('User');
}
