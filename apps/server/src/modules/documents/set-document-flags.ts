import { assertCan, type PermissionName } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { getVisibleDocument } from './get-document';
import { recordDocumentChange } from './record-document-change';

/** The one-field document actions of SPEC §4, their audit event types and the permission each needs. */
export const FLAG_ACTIONS = {
  lock: { field: 'locked', value: true, eventType: 'update_lock', permission: 'document:update' },
  unlock: { field: 'locked', value: false, eventType: 'update_lock', permission: 'document:update' },
  pin: { field: 'isPinned', value: null, eventType: 'update_pin', permission: 'document:update' },
  downloaded: {
    field: 'isDownloaded',
    value: null,
    eventType: 'update_is_downloaded',
    permission: 'document:update',
  },
  hide: { field: 'isHidden', value: true, eventType: 'workflow_modification', permission: 'document:update' },
  unhide: {
    field: 'isHidden',
    value: false,
    eventType: 'workflow_modification',
    permission: 'document:update',
  },
  systemError: { field: 'systemError', value: true, eventType: 'error', permission: 'document:update' },
} as const satisfies Record<
  string,
  { field: string; value: boolean | null; eventType: string; permission: PermissionName }
>;

export type FlagAction = keyof typeof FLAG_ACTIONS;

/** Sets one flag of a document (value null: the caller's value, e.g. pin's isPinned) with its audit event. */
export async function setDocumentFlag(
  db: Db,
  actor: Actor,
  documentId: string,
  action: FlagAction,
  value?: boolean,
) {
  const rule = FLAG_ACTIONS[action];
  return inTransaction(db, async (tx) => {
    const document = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(
      actor.user,
      rule.permission,
      document.clinicNpi,
      await loadClinicConfiguration(tx, document.clinicNpi),
    );
    const next = rule.value ?? value ?? true;
    if (document[rule.field] === next) return document;
    const { updated } = await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: rule.eventType,
      changes: { [rule.field]: next },
    });
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: rule.eventType,
    });
    return updated;
  });
}
