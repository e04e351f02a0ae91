import { buildDefaultSignatureSettings, CLINIC_WIDE_SETTINGS_USER_ID } from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';

const PROMPT_FIELDS = ['crmPrompts', 'wcdPrompts', 'sleepPrompts', 'abpmPrompts', 'rpmPrompts'] as const;
const NOTE_FIELDS = ['noIssuesNote', 'quickSignNote', 'bulkSignNote'] as const;

export type EffectiveSignatureSettings = {
  userId: string;
  crmPrompts: string[];
  wcdPrompts: string[];
  sleepPrompts: string[];
  abpmPrompts: string[];
  rpmPrompts: string[];
  noIssuesNote: string;
  quickSignNote: string;
  bulkSignNote: string;
  rpmSelectByDos: boolean;
  bulkSignEnabled: boolean;
  /** true when nothing is stored for this user: the clinic-wide settings or, without those, the SPEC defaults */
  isDefault: boolean;
};

const split = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

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
  const stored = await db
    .selectFrom('signatureSettings')
    .selectAll()
    .where('clinicNpi', '=', clinicNpi)
    .where('userId', 'in', [userId, CLINIC_WIDE_SETTINGS_USER_ID])
    .execute();
  const row =
    stored.find((entry) => entry.userId === userId) ??
    stored.find((entry) => entry.userId === CLINIC_WIDE_SETTINGS_USER_ID);
  const source = row ?? buildDefaultSignatureSettings(userId);
  return {
    userId,
    crmPrompts: split(source.crmPrompts),
    wcdPrompts: split(source.wcdPrompts),
    sleepPrompts: split(source.sleepPrompts),
    abpmPrompts: split(source.abpmPrompts),
    rpmPrompts: split(source.rpmPrompts),
    noIssuesNote: source.noIssuesNote,
    quickSignNote: source.quickSignNote,
    bulkSignNote: source.bulkSignNote,
    rpmSelectByDos: source.rpmSelectByDos,
    bulkSignEnabled: source.bulkSignEnabled,
    isDefault: !row || row.userId !== userId,
  };
}

export const SIGNATURE_PROMPT_FIELDS = PROMPT_FIELDS;
export const SIGNATURE_NOTE_FIELDS = NOTE_FIELDS;
