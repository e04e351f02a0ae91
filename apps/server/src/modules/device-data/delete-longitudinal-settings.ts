import type { LongitudinalSettingsResponse } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { deleteLongitudinalSettings as deleteStoredSettings } from './longitudinal-settings.repository';
import {
  assertMayChangeLongitudinalSettings,
  type LongitudinalSettingsScope,
  loadLongitudinalSettingsAnswer,
} from './longitudinal-settings-access';
import { recordLongitudinalSettingsChange } from './record-longitudinal-settings-change';

/**
 * DELETE longitudinal-settings/{userId}: the scope stores nothing any more, so the next scope up shows
 * through (a user's: the clinic's; the clinic's: the defaults). A scope with nothing stored stays so,
 * audited alike.
 */
export async function deleteLongitudinalSettings(
  db: Db,
  actor: Actor,
  scope: LongitudinalSettingsScope,
): Promise<LongitudinalSettingsResponse> {
  return inTransaction(db, async (tx) => {
    await assertMayChangeLongitudinalSettings(tx, actor, scope);
    const before = await loadLongitudinalSettingsAnswer(tx, scope);
    await deleteStoredSettings(tx, scope.npi, scope.userId);
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
