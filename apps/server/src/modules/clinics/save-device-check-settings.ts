import { assertCan, type EffectiveDeviceCheckSettings } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../http/errors';
import { getClinicInScope } from './clinic-scope';
import { loadDeviceCheckSettings } from './load-device-check-settings';
import { recordDeviceCheckChange } from './record-device-check-change';
import { joinPromptLines, upsertDeviceCheckSettings } from './settings.repository';

/**
 * Stores a clinic's own observation prompts (SPEC §7): 'create' (POST) while the clinic uses the defaults,
 * 'change' (PATCH) once it has its own.
 */
export async function saveDeviceCheckSettings(
  db: Db,
  actor: Actor,
  options: { npi: string; mode: 'create' | 'change'; observationPrompts: readonly string[] },
): Promise<EffectiveDeviceCheckSettings> {
  const { npi, mode } = options;
  return inTransaction(db, async (tx) => {
    await getClinicInScope(tx, actor, npi);
    assertCan(actor.user, 'clinic:update-settings', npi);
    const before = await loadDeviceCheckSettings(tx, npi);
    if (mode === 'create' && !before.isDefault)
      throw new ConflictError('The clinic already has device-check settings: use PATCH');
    if (mode === 'change' && before.isDefault) throw new NotFoundError('Device-check settings');
    await upsertDeviceCheckSettings(tx, {
      clinicNpi: npi,
      observationPrompts: joinPromptLines(options.observationPrompts),
      updatedBy: actor.id,
      updatedAt: new Date(),
    });
    const after = await loadDeviceCheckSettings(tx, npi);
    await recordDeviceCheckChange(tx, { clinicNpi: npi, actorId: actor.id, before, after });
    return after;
  });
}
