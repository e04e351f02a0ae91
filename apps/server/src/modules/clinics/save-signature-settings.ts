import type { EffectiveSignatureSettings, SignatureSettingsChange } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getClinicInScope } from './clinic-scope';
import { loadSignatureSettings } from './load-signature-settings';
import { joinPromptLines, upsertSignatureSettings } from './settings.repository';
import { assertMayManageSignatureSettings, assertSignatureSettingsOwner } from './signature-settings-access';

/**
 * Changes some of a user's (or the clinic-wide) signature settings. The first change stores a full set:
 * the settings as they applied until now, with the change on top.
 */
export async function saveSignatureSettings(
  db: Db,
  actor: Actor,
  target: { npi: string; userId: string },
  change: SignatureSettingsChange,
): Promise<EffectiveSignatureSettings> {
  const { npi, userId } = target;
  return inTransaction(db, async (tx) => {
    await getClinicInScope(tx, actor, npi);
    assertMayManageSignatureSettings(actor, npi, userId);
    await assertSignatureSettingsOwner(tx, npi, userId);
    const before = await loadSignatureSettings(tx, npi, userId);
    const merged = { ...before, ...change };
    await upsertSignatureSettings(tx, {
      clinicNpi: npi,
      userId,
      crmPrompts: joinPromptLines(merged.crmPrompts),
      wcdPrompts: joinPromptLines(merged.wcdPrompts),
      sleepPrompts: joinPromptLines(merged.sleepPrompts),
      abpmPrompts: joinPromptLines(merged.abpmPrompts),
      rpmPrompts: joinPromptLines(merged.rpmPrompts),
      noIssuesNote: merged.noIssuesNote,
      quickSignNote: merged.quickSignNote,
      bulkSignNote: merged.bulkSignNote,
      rpmSelectByDos: merged.rpmSelectByDos,
      bulkSignEnabled: merged.bulkSignEnabled,
      updatedBy: actor.id,
      updatedAt: new Date(),
    });
    const after = await loadSignatureSettings(tx, npi, userId);
    await recordAuditEvent(tx, {
      clinicNpi: npi,
      entityType: 'setting',
      entityId: `signature-settings:${userId}`,
      eventType: 'workflow_modification',
      actorId: actor.id,
      before,
      after,
    });
    return after;
  });
}
