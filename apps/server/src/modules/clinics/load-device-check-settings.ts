import { DEFAULT_OBSERVATION_PROMPTS, type EffectiveDeviceCheckSettings } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findDeviceCheckSettingsRow, splitPromptLines } from './settings.repository';

/** A clinic's device-check observation prompts, or the defaults when it has none stored. */
export async function loadDeviceCheckSettings(
  db: Db | Tx,
  clinicNpi: string,
): Promise<EffectiveDeviceCheckSettings> {
  const row = await findDeviceCheckSettingsRow(db, clinicNpi);
  return row
    ? { observationPrompts: splitPromptLines(row.observationPrompts), isDefault: false }
    : { observationPrompts: [...DEFAULT_OBSERVATION_PROMPTS], isDefault: true };
}
