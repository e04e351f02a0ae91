import {
  assertCan,
  CLINIC_WIDE_SETTINGS_USER_ID,
  type LongitudinalSettingsResponse,
  resolveLongitudinalSettings,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/transaction';
import { assertSignatureSettingsOwner } from '../clinics/signature-settings-access';
import { assertPatientClinicInScope } from '../patients/patient-scope';
import { findLongitudinalSettingsScopes } from './longitudinal-settings.repository';

export type LongitudinalSettingsScope = { npi: string; userId: string };

/**
 * May the actor open this scope at all: someone who reads the clinic's patients (404 otherwise, as for a
 * clinic that does not exist); another user's settings only for who manages that clinic's users (403).
 */
export async function assertMayReadLongitudinalSettings(
  db: Db | Tx,
  actor: Actor,
  scope: LongitudinalSettingsScope,
) {
  await assertPatientClinicInScope(db, actor, scope.npi);
  if (scope.userId !== CLINIC_WIDE_SETTINGS_USER_ID && scope.userId !== actor.id)
    assertCan(actor.user, 'user:create', scope.npi);
  // After the permission, so who may not manage others' settings cannot learn who works where.
  await assertSignatureSettingsOwner(db, scope.npi, scope.userId);
}

/**
 * May the actor change this scope: the clinic's needs clinic:update-settings; a user's, that user (who reads
 * patients there) or who manages the clinic's users (user:create, the clinic admins).
 */
export async function assertMayChangeLongitudinalSettings(
  db: Db | Tx,
  actor: Actor,
  scope: LongitudinalSettingsScope,
) {
  await assertPatientClinicInScope(db, actor, scope.npi);
  if (scope.userId === CLINIC_WIDE_SETTINGS_USER_ID)
    assertCan(actor.user, 'clinic:update-settings', scope.npi);
  else if (scope.userId !== actor.id) assertCan(actor.user, 'user:create', scope.npi);
  await assertSignatureSettingsOwner(db, scope.npi, scope.userId);
}

/** The answer for a scope: what it stores, and what is in force for it (with where that came from). */
export async function loadLongitudinalSettingsAnswer(
  db: Db | Tx,
  scope: LongitudinalSettingsScope,
): Promise<LongitudinalSettingsResponse> {
  const { clinic, user } = await findLongitudinalSettingsScopes(db, scope.npi, scope.userId);
  return {
    data: {
      clinicNpi: scope.npi,
      userId: scope.userId,
      stored: user ?? clinic,
      effective: resolveLongitudinalSettings(clinic, user),
    },
  };
}
