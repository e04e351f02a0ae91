import type { LongitudinalSettingsResponse, StoredLongitudinalSettings } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { upsertLongitudinalSettings } from './longitudinal-settings.repository';
import {
  assertMayChangeLongitudinalSettings,
  type LongitudinalSettingsScope,
  loadLongitudinalSettingsAnswer,
} from './longitudinal-settings-access';
import { recordLongitudinalSettingsChange } from './record-longitudinal-settings-change';

/** PUT longitudinal-settings/{userId}: replaces what the scope stores (its audit event in the same transaction). */
export async function saveLongitudinalSettings(
  db: Db,
  actor: Actor,
  scope: LongitudinalSettingsScope,
  settings: StoredLongitudinalSettings,
): Promise<LongitudinalSettingsResponse> {
  return inTransaction(db, async (tx) => {
    await assertMayChangeLongitudinalSettings(tx, actor, scope);
    const before = await loadLongitudinalSettingsAnswer(tx, scope);
    await upsertLongitudinalSettings(tx, {
      clinicNpi: scope.npi,
      userId: scope.userId,
      settings,
      updatedBy: actor.id,
    });
    const after = await loadLongitudinalSettingsAnswer(tx, scope);
    await recordLongitudinalSettingsChange(tx, {
      clinicNpi: scope.npi,
      userId: scope.userId,
      actorId: actor.id,
      before: before.data.stored,
      after: after.data.stored,
    });
    return after;
  });
}
