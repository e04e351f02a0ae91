import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import {
  assertMayReadLongitudinalSettings,
  type LongitudinalSettingsScope,
  loadLongitudinalSettingsAnswer,
} from './longitudinal-settings-access';

/** GET longitudinal-settings/{userId}: a scope's stored settings and those in force for it. */
export async function getLongitudinalSettings(db: Db, actor: Actor, scope: LongitudinalSettingsScope) {
  await assertMayReadLongitudinalSettings(db, actor, scope);
  return loadLongitudinalSettingsAnswer(db, scope);
}
