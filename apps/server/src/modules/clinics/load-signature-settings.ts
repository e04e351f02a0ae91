import {
  buildDefaultSignatureSettings,
  CLINIC_WIDE_SETTINGS_USER_ID,
  type EffectiveSignatureSettings,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findSignatureSettingsRows, splitPromptLines } from './settings.repository';

/**
 * A user's signature settings at a clinic as they apply: the user's own when they have saved any, else the
 * clinic-wide ones ('0'), else the SPEC defaults (bulkSignEnabled off). Bulk signing reads bulkSignEnabled
 * from here, so the opt-in the settings page shows is the one the server enforces.
 */
export async function loadSignatureSettings(
  db: Db | Tx,
  clinicNpi: string,
  userId: string,
): Promise<EffectiveSignatureSettings> {
  const stored = await findSignatureSettingsRows(db, clinicNpi, userId);
  const row =
    stored.find((entry) => entry.userId === userId) ??
    stored.find((entry) => entry.userId === CLINIC_WIDE_SETTINGS_USER_ID);
  const source = row ?? buildDefaultSignatureSettings(userId);
  return {
    userId,
    crmPrompts: splitPromptLines(source.crmPrompts),
    wcdPrompts: splitPromptLines(source.wcdPrompts),
    sleepPrompts: splitPromptLines(source.sleepPrompts),
    abpmPrompts: splitPromptLines(source.abpmPrompts),
    rpmPrompts: splitPromptLines(source.rpmPrompts),
    noIssuesNote: source.noIssuesNote,
    quickSignNote: source.quickSignNote,
    bulkSignNote: source.bulkSignNote,
    rpmSelectByDos: source.rpmSelectByDos,
    bulkSignEnabled: source.bulkSignEnabled,
    // true when nothing is stored for this user: the clinic-wide settings or, without those, the defaults
    isDefault: !row || row.userId !== userId,
  };
}
