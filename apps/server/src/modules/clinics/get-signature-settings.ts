import { CLINIC_WIDE_SETTINGS_USER_ID, type EffectiveSignatureSettings } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { getClinicInScope } from './clinic-scope';
import { loadSignatureSettings } from './load-signature-settings';
import { assertMayManageSignatureSettings, assertSignatureSettingsOwner } from './signature-settings-access';

/**
 * Signature settings of a user at a clinic ('0': clinic-wide), as they apply. Every member may read the
 * clinic-wide ones; a user's own are theirs, and anyone else's need a clinic administrator.
 */
export async function getSignatureSettings(
  db: Db,
  actor: Actor,
  npi: string,
  userId: string,
): Promise<EffectiveSignatureSettings> {
  await getClinicInScope(db, actor, npi);
  if (userId !== CLINIC_WIDE_SETTINGS_USER_ID) assertMayManageSignatureSettings(actor, npi, userId);
  await assertSignatureSettingsOwner(db, npi, userId);
  return loadSignatureSettings(db, npi, userId);
}
