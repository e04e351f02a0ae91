import type { StoredLongitudinalSettings } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';

/** The audit event of any change to a scope's longitudinal settings, in the change's transaction. */
export async function recordLongitudinalSettingsChange(
  tx: Tx,
  change: {
    clinicNpi: string;
    userId: string;
    actorId: string;
    before: StoredLongitudinalSettings;
    after: StoredLongitudinalSettings;
  },
) {
  await recordAuditEvent(tx, {
    clinicNpi: change.clinicNpi,
    entityType: 'setting',
    entityId: `longitudinal-settings:${change.userId}`,
    eventType: 'workflow_modification',
    actorId: change.actorId,
    before: change.before,
    after: change.after,
  });
}
